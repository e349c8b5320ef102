"""The players' live page and the server that follows the log for it (`companion serve`),
beside the dealer's screen."""
