S The cat sit on the mat .
A 2 3|||R:VERB:SVA|||sat|||REQUIRED|||-NONE-|||0

S It were a sunny day , we goes out .
A 1 2|||R:VERB:SVA|||was|||REQUIRED|||-NONE-|||0
A 7 8|||R:VERB:SVA|||went|||REQUIRED|||-NONE-|||0

S She buyed three apple at the market yesterday .
A 1 2|||R:VERB:INFL|||bought|||REQUIRED|||-NONE-|||0
A 3 4|||R:NOUN:NUM|||apples|||REQUIRED|||-NONE-|||0

