S This are a sentence .
A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0

S I do n't like cat .
A 4 5|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0

S He go to school every days .
A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0
A 5 6|||R:NOUN:NUM|||day|||REQUIRED|||-NONE-|||0

S She left early .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
