# SPDX-License-Identifier: Apache-2.0
"""The package's exceptions: one class per protocol error code, and the client's own failures.

Every exception's text is one line naming what failed, why, and what to do about it.
"""

from __future__ import annotations

from typing import Any, ClassVar


class KineticError(Exception):
    """Anything this package raises on purpose."""


class ConnectError(KineticError):
    """The daemon's socket could not be found or opened; the message says which and what to do."""


class ConnectionLost(KineticError):
    """The daemon closed the connection (it stopped, or it dropped this client)."""


class VersionMismatch(KineticError):
    """The daemon speaks another major version of the protocol than this package."""


class ProtocolViolation(KineticError):
    """The daemon sent something this package cannot read (never expected from a kineticd of a supported version)."""


class ServerError(KineticError):
    """An error the daemon reported: a connection-level ``error`` message, or a command's reply with ``ok: false``.

    ``code`` is the protocol's error code, ``message`` the daemon's explanation, ``command_id`` the id of the
    command that failed (``None`` for connection-level errors), ``fatal`` whether the daemon closed the connection.
    """

    code: ClassVar[str] = ""

    def __init__(self, message: str, *, code: str | None = None, command_id: Any = None, fatal: bool = False) -> None:
        super().__init__(message)
        self.message = message
        if code is not None and code != type(self).code:
            self.code = code  # type: ignore[misc]  # an unknown code of a later minor version
        self.command_id = command_id
        self.fatal = fatal

    def __str__(self) -> str:
        return f"kineticd refused ({self.code}): {self.message}"


class VersionUnsupported(ServerError, VersionMismatch):
    """``version_unsupported``: the hello asked for a major version the daemon does not speak."""

    code = "version_unsupported"


class BadMessage(ServerError):
    """``bad_message``: malformed JSON, or a missing or mistyped field."""

    code = "bad_message"


class TooLarge(ServerError):
    """``too_large``: a message over 1 MiB."""

    code = "too_large"


class UnknownType(ServerError):
    """``unknown_type``: a message type a client may not send."""

    code = "unknown_type"


class TooSlow(ServerError):
    """``too_slow``: the client stayed unwritable for 2 s and was disconnected."""

    code = "too_slow"


class TooManyClients(ServerError):
    """``too_many_clients``: the daemon is full."""

    code = "too_many_clients"


class UnexpectedMessage(ServerError):
    """``unexpected_message``: a second hello."""

    code = "unexpected_message"


class ElementMismatch(ServerError):
    """``element_mismatch``: a command of the wrong kind for an element."""

    code = "element_mismatch"


class UnknownOperation(ServerError):
    """``unknown_operation``: the daemon has no such command."""

    code = "unknown_operation"


class UnknownChannel(ServerError):
    """``unknown_channel``: no channel of that name."""

    code = "unknown_channel"


class DimensionMismatch(ServerError):
    """``dimension_mismatch``: a value with another number of components than the channel."""

    code = "dimension_mismatch"


class ChannelExists(ServerError):
    """``channel_exists``: ``define`` of a name already taken."""

    code = "channel_exists"


class BadAnimation(ServerError):
    """``bad_animation``: an animation, transition or effect expression the daemon cannot read (the message has the column)."""

    code = "bad_animation"


class PermissionDenied(ServerError):
    """``permission_denied``: this user may not change that (docs/PROTOCOL.md, "Authorization")."""

    code = "permission_denied"


class TooManyChannels(ServerError):
    """``too_many_channels``: a client's or the daemon's channel limit."""

    code = "too_many_channels"


class BadConfiguration(ServerError):
    """``bad_configuration``: ``reload`` found an invalid file; the running configuration stays."""

    code = "bad_configuration"


class ReplayKeepsBindings(ServerError):
    """``replay_keeps_bindings``: ``reload`` during a replay."""

    code = "replay_keeps_bindings"


class ShuttingDown(ServerError):
    """``shutting_down``: the daemon is stopping."""

    code = "shutting_down"


ERROR_CLASSES: dict[str, type[ServerError]] = {
    cls.code: cls
    for cls in (VersionUnsupported, BadMessage, TooLarge, UnknownType, TooSlow, TooManyClients, UnexpectedMessage,
                ElementMismatch, UnknownOperation, UnknownChannel, DimensionMismatch, ChannelExists, BadAnimation,
                PermissionDenied, TooManyChannels, BadConfiguration, ReplayKeepsBindings, ShuttingDown)
}
"""Every protocol error code and its class."""


def server_error(code: str, message: str, *, command_id: Any = None, fatal: bool = False) -> ServerError:
    """The exception for the daemon's error ``code`` (a plain :class:`ServerError` for a code of a later version)."""
    return ERROR_CLASSES.get(code, ServerError)(message, code=code, command_id=command_id, fatal=fatal)
