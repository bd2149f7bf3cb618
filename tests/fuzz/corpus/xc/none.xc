| No solution: a needs "a b", and then c needs "b c", which clashes on b.
a b c
a b
b c
