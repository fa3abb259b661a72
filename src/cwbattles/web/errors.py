"""The one error a request can end in: an HTTP status and a plain message (never a traceback)."""


class WebError(Exception):
    """A refused request: an HTTP status and a plain message."""

    def __init__(self, status: int, detail: str):
        super().__init__(detail)
        self.status, self.detail = status, detail


def unavailable(e: Exception) -> WebError:
    """The database did not take a write (locked, disk full): nothing was done."""
    return WebError(503, f"the game could not be saved, so nothing was done; try again ({e})")
