S 我 去 学 校 。 他 来 了 。
T0-A0 我 要 去 学 校 。 他 去 了 。
A 1 1|||M|||要|||REQUIRED|||-NONE-|||0
A 6 7|||S|||去|||REQUIRED|||-NONE-|||0

