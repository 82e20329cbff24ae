"""explainer: French Belote rules pages whose worked examples are checked by a rules engine."""

__version__ = "0.1.0"
