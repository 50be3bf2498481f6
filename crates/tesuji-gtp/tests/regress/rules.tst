# Rules regression tests in GNU Go's format, expected answers recorded from GNU Go 3.8
# (simple ko, no suicide). Run with: tesuji regress --rules japanese rules.tst

loadsgf game.sgf 10
1 countlib F7
#? [5]
2 color F7
#? [black]
3 countlib E7
#? [3]
4 color E7
#? [white]
5 countlib F5
#? [3]
6 color F5
#? [white]
7 countlib G5
#? [3]
8 color G5
#? [black]
9 countlib D7
#? [3]
10 color D7
#? [black]
11 countlib F3
#? [4]
12 color F3
#? [white]
13 captures black
#? [0]
14 all_legal black
#? [A9 B9 C9 D9 E9 F9 G9 H9 J9 A8 B8 C8 D8 F8 G8 H8 J8 A7 B7 C7 H7 J7 A6 B6 C6 D6 F6 G6 H6 J6 A5 B5 C5 D5 E5 H5 J5 A4 B4 C4 D4 E4 F4 G4 H4 J4 A3 B3 C3 D3 E3 G3 H3 J3 A2 B2 C2 D2 E2 F2 G2 H2 J2 A1 B1 C1 D1 E1 F1 G1 H1 J1]
15 captures white
#? [0]
16 all_legal white
#? [A9 B9 C9 D9 E9 F9 G9 H9 J9 A8 B8 C8 D8 F8 G8 H8 J8 A7 B7 C7 H7 J7 A6 B6 C6 D6 F6 G6 H6 J6 A5 B5 C5 D5 E5 H5 J5 A4 B4 C4 D4 E4 F4 G4 H4 J4 A3 B3 C3 D3 E3 G3 H3 J3 A2 B2 C2 D2 E2 F2 G2 H2 J2 A1 B1 C1 D1 E1 F1 G1 H1 J1]
17 is_legal black F1
#? [1]
18 is_legal white A2
#? [1]
19 is_legal black G2
#? [1]
20 is_legal white B9
#? [1]
21 is_legal black A2
#? [1]
22 is_legal black A7
#? [1]

loadsgf game.sgf 25
23 countlib E8
#? [3]
24 color E8
#? [white]
25 countlib C6
#? [2]
26 color C6
#? [white]
27 countlib D2
#? [3]
28 color D2
#? [black]
29 countlib G3
#? [8]
30 color G3
#? [white]
31 countlib C5
#? [7]
32 color C5
#? [black]
33 countlib E3
#? [8]
34 color E3
#? [white]
35 captures black
#? [0]
36 all_legal black
#? [A9 B9 C9 D9 E9 F9 G9 H9 J9 A8 B8 C8 D8 F8 G8 H8 J8 A7 B7 C7 H7 J7 A6 B6 G6 H6 J6 A5 B5 H5 J5 A4 B4 G4 H4 J4 A3 B3 H3 J3 A2 B2 C2 E2 F2 G2 H2 J2 A1 B1 C1 D1 E1 F1 G1 H1 J1]
37 captures white
#? [0]
38 all_legal white
#? [A9 B9 C9 D9 E9 F9 G9 H9 J9 A8 B8 C8 D8 F8 G8 H8 J8 A7 B7 C7 H7 J7 A6 B6 G6 H6 J6 A5 B5 H5 J5 A4 B4 G4 H4 J4 A3 B3 H3 J3 A2 B2 C2 E2 F2 G2 H2 J2 A1 B1 C1 D1 E1 F1 G1 H1 J1]
39 is_legal white H9
#? [1]
40 is_legal white F8
#? [1]
41 is_legal black F5
#? [0]
42 is_legal black C4
#? [0]
43 is_legal white E9
#? [1]
44 is_legal white F8
#? [1]

loadsgf game.sgf 40
45 countlib H7
#? [6]
46 color H7
#? [black]
47 countlib C5
#? [6]
48 color C5
#? [black]
49 countlib C4
#? [7]
50 color C4
#? [white]
51 countlib F7
#? [6]
52 color F7
#? [black]
53 countlib H8
#? [6]
54 color H8
#? [black]
55 countlib D7
#? [6]
56 color D7
#? [black]
57 captures black
#? [0]
58 all_legal black
#? [A9 B9 C9 D9 E9 A8 B8 C8 D8 A7 B7 A6 G6 H6 A5 B5 H5 A4 B4 H4 J4 A3 B3 H3 J3 A2 B2 C2 E2 F2 G2 H2 J2 A1 B1 C1 D1 E1 F1 G1 H1 J1]
59 captures white
#? [0]
60 all_legal white
#? [A9 B9 C9 D9 E9 A8 B8 C8 D8 A7 B7 A6 G6 H6 A5 B5 H5 A4 B4 H4 J4 A3 B3 H3 J3 A2 B2 C2 E2 F2 G2 H2 J2 A1 B1 C1 D1 E1 F1 G1 H1 J1]
61 is_legal black F3
#? [0]
62 is_legal black H1
#? [1]
63 is_legal black E3
#? [0]
64 is_legal white G7
#? [0]
65 is_legal white B3
#? [1]
66 is_legal white G9
#? [0]

loadsgf game.sgf 60
67 countlib A8
#? [2]
68 color A8
#? [white]
69 countlib H9
#? [11]
70 color H9
#? [black]
71 countlib G3
#? [9]
72 color G3
#? [white]
73 countlib F6
#? [11]
74 color F6
#? [black]
75 countlib B6
#? [9]
76 color B6
#? [white]
77 countlib E4
#? [9]
78 color E4
#? [white]
79 captures black
#? [12]
80 all_legal black
#? [A9 D9 F9 G9 E8 F8 J8 A7 E7 J7 A6 H6 J6 A5 A4 H4 J4 A3 B3 H3 B2 C2 E2 G2 H2 J2 A1 B1 C1 D1 E1 F1 G1 H1 J1]
81 captures white
#? [1]
82 all_legal white
#? [A9 F9 G9 E8 F8 J8 A7 E7 J7 A6 H6 J6 A5 A4 H4 J4 A3 B3 H3 B2 C2 E2 G2 H2 J2 A1 B1 C1 D1 E1 F1 G1 H1 J1]
83 is_legal white B4
#? [0]
84 is_legal white C2
#? [1]
85 is_legal black A2
#? [0]
86 is_legal black C9
#? [0]
87 is_legal black F1
#? [1]
88 is_legal black D7
#? [0]

loadsgf game.sgf 80
89 countlib A8
#? [6]
90 color A8
#? [white]
91 countlib H7
#? [11]
92 color H7
#? [black]
93 countlib D1
#? [5]
94 color D1
#? [black]
95 countlib J9
#? [11]
96 color J9
#? [black]
97 countlib A9
#? [1]
98 color A9
#? [black]
99 countlib H1
#? [5]
100 color H1
#? [black]
101 captures black
#? [15]
102 all_legal black
#? [B9 D9 F9 G9 E8 F8 J8 E7 J7 H6 J6 H4 H3 J2 E1 F1 J1]
103 captures white
#? [5]
104 all_legal white
#? [F9 G9 E8 F8 J8 E7 J7 A6 H6 J6 A4 H4 B3 H3 A2 J2 B1 E1 F1 J1]
105 is_legal white E4
#? [0]
106 is_legal white H6
#? [1]
107 is_legal black B4
#? [0]
108 is_legal black D8
#? [0]
109 is_legal white F4
#? [0]
110 is_legal white A8
#? [0]

