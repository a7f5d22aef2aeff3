S My sister like to read book in the evening .
A 2 3|||SVA|||likes|||REQUIRED|||-NONE-|||0
A 5 6|||Nn|||books|||REQUIRED|||-NONE-|||0
A 5 5|||ArtOrDet|||the|||REQUIRED|||-NONE-|||1
A 2 3|||SVA|||likes|||REQUIRED|||-NONE-|||1

S She have finished three of them last week .
A 1 2|||SVA|||has|||REQUIRED|||-NONE-|||0
A 1 2|||Vt|||had|||REQUIRED|||-NONE-|||1

S Yesterday we goes to the library together .
A 2 3|||SVA|||went|||REQUIRED|||-NONE-|||0
A 2 3|||SVA|||went|||REQUIRED|||-NONE-|||1

S The library were very quiet .
A 2 3|||SVA|||was|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1
