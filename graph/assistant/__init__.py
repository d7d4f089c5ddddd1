"""The knowledge assistant graph: multi-turn memory, compaction, token-bounded context (docs/assistant.md)."""
