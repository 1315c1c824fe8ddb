"""A table hosted for seats on devices of their own (`papertales host`, issue 33): one game on the
server, each seat's client sent only its own view (docs/protocol.md). No Textual here: the rules, the
words and the saves only."""
