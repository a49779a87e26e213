"""The one family of errors a user can fix, at the bottom of the import graph so every stage can raise them.

The CLI prints a UserError's message in one line and exits 1; the server answers it with its `status`. Any
other exception is a bug: the CLI lets its traceback show, the server logs it and answers 500.
"""

from __future__ import annotations


class UserError(Exception):
    """A mistake the user can fix: a bad setting, a missing folder, an unknown name, a store not built."""

    status = 400


class SettingError(UserError, ValueError):
    """A setting's value (from a flag, the environment or a test) is not one it takes."""


class UnknownSettingError(SettingError, KeyError):
    """No setting has that name."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class InputError(UserError, ValueError):
    """The articles or the reference data cannot be built as given."""


class InputFolderError(InputError, FileNotFoundError):
    """The folder of articles does not exist."""


class NotFoundError(UserError, LookupError):
    """The thing named is not in the graph."""

    status = 404


class UnavailableError(UserError, OSError):
    """Something the request needs cannot be had right now (no store, a deadline passed)."""

    status = 503
