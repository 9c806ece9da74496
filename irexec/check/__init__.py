"""Graph -> facts: shape inference over the whole graph, the checks of what ports declare, and the
linter's findings, rules and their pages."""
