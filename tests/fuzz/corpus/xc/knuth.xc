| Knuth's example from DLX1: items A-E primary, F and G secondary.
| One solution: A D, B G, C E F.
A B C D E | F G
C E F
A D G
B C F
A D
B G
D E G
