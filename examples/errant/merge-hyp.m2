S I like cat . He go to school .
A 2 3|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0
A 5 6|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0

