S This are a sentence .
A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0

S I don't like cat .
A 3 4|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0

S He go to school every days . She left early .
A 1 2|||R:VERB:TENSE|||went|||REQUIRED|||-NONE-|||0
A 5 6|||R:NOUN:NUM|||day|||REQUIRED|||-NONE-|||0
