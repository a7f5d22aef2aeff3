S 我 去 学 校 。
A 1 1|||M|||要|||REQUIRED|||-NONE-|||0

S 他 来 了 。
A 1 2|||S|||去|||REQUIRED|||-NONE-|||0

