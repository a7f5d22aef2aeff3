(ROOT (S (NP (NNP Oslo)) (VP (VBD whistled)) (yyDOT .)))
(ROOT (NP (NN Haus) (NN Tür)))
(ROOT (S (VP (VB ist) (AP (JJ groß))) (yyDOT .)))
(ROOT (S (NP (NNG 비)) (VP (VV 오) (EF ㄴ다))))
