(ROOT (S (NP-SBJ (NNP Oslo)) (VP (VBD whistled)) (yyDOT .)))
(ROOT (S (NP##case=nom## (NN Haus) (NN Tür)) (VP (VB ist) (AP (JJ groß))) (yyDOT .)))
(ROOT (S (NP (NNG 비)) (VP (VV 오) (EF ㄴ다))))
