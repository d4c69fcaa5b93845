"""What the online server sends each viewer of a table after a move: the viewer's messages
(``messages``: its view, the words for it, the events it may see, the steps of the move)
and the changes between two moments it sees (``patch``).

A package of its own, beside the server rather than in it: it is compiled with the engines
(``coltexpress.compiled``), and the compile reads what a module imports, its package's
``__init__`` included; the server's reaches libraries the compile does not have.
"""
