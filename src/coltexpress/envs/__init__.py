"""The research interfaces: PettingZoo, Gymnasium and OpenSpiel environments over every
game and option set of the package (``pip install coltexpress[rl]``; docs/envs.md).

``encoding`` turns a seat's view into the fixed-size observation they share; each
interface has its own module, imported on its own (``coltexpress.envs.pettingzoo``,
``coltexpress.envs.gymnasium``) so that only the library asked for is needed.
"""
