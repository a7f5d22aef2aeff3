S I like cat .
A 2 3|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0

S He go to school .
A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0

