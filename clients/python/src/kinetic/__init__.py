# SPDX-License-Identifier: Apache-2.0
"""kinetic: a client of kineticd, the Linux daemon that turns touch and pointer input into SwiftUI-quality motion.

``kinetic.Client`` is the blocking client, ``kinetic.aio`` the asyncio one; both speak protocol 1 of kineticd's
socket (docs/PROTOCOL.md in the kinetic repository) with the standard library only.
"""

from ._codec import PROTOCOL_MAJOR, PROTOCOL_MINOR
from ._session import Reconnect, __version__
from ._socket import socket_path
from .client import Client, CompletionHandle, connect
from .errors import (ERROR_CLASSES, BadAnimation, BadConfiguration, BadMessage, ChannelExists, ConnectError,
                     ConnectionLost, DimensionMismatch, ElementMismatch, KineticError, PermissionDenied,
                     ProtocolViolation, ReplayKeepsBindings, ServerError, ShuttingDown, TooLarge, TooManyChannels,
                     TooManyClients, TooSlow, UnexpectedMessage, UnknownChannel, UnknownOperation, UnknownType,
                     VersionMismatch, VersionUnsupported)
from .motion import Motion, MotionUpdate
from .messages import (AnimationCompleted, ChannelInfo, ChannelState, DeviceAdded, DeviceRemoved, Event, Frame,
                       GestureBegan, GestureEnded, Hello, Reply, Schema, SchemaChannel, Shutdown, Status, UnknownEvent)

__all__ = [
    "PROTOCOL_MAJOR", "PROTOCOL_MINOR", "__version__", "Reconnect", "socket_path", "Client", "CompletionHandle",
    "connect", "ERROR_CLASSES", "BadAnimation", "BadConfiguration", "BadMessage", "ChannelExists", "ConnectError",
    "ConnectionLost", "DimensionMismatch", "ElementMismatch", "KineticError", "PermissionDenied", "ProtocolViolation",
    "ReplayKeepsBindings", "ServerError", "ShuttingDown", "TooLarge", "TooManyChannels", "TooManyClients", "TooSlow",
    "UnexpectedMessage", "UnknownChannel", "UnknownOperation", "UnknownType", "VersionMismatch", "VersionUnsupported",
    "AnimationCompleted", "ChannelInfo", "ChannelState", "DeviceAdded", "DeviceRemoved", "Event", "Frame",
    "GestureBegan", "GestureEnded", "Hello", "Reply", "Schema", "SchemaChannel", "Shutdown", "Status", "UnknownEvent",
    "Motion", "MotionUpdate",
]
