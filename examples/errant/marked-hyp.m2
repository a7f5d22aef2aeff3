S The cat sit on the mat . It were a sunny day, we goes out .
A 2 3|||R:VERB:SVA|||sat|||REQUIRED|||-NONE-|||0
A 4 5|||R:DET|||a|||REQUIRED|||-NONE-|||0
A 8 9|||R:VERB:SVA|||was|||REQUIRED|||-NONE-|||0

S She buyed three apple at the market yesterday .
A 1 2|||R:VERB:INFL|||bought|||REQUIRED|||-NONE-|||0
A 3 4|||R:NOUN:NUM|||apples|||REQUIRED|||-NONE-|||0
A 4 5|||R:PREP|||in|||REQUIRED|||-NONE-|||0

