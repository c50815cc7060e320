"""Stand-ins on a real dbus-daemon, for the agent's tests: the desktop portal's Settings interface, or logind's seat
and sessions. Each also answers ``org.kinetic.Test`` calls that change its state, emitting the signals the real
service would.

    standin_bus.py portal SETTINGS_JSON [--version 1]    SETTINGS_JSON: {"namespace key": ["signature", value]}
    standin_bus.py logind UID                            sessions c1 (UID's, active) and c2 (uid 4242's)

It prints "ready" once it owns its name.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from jeepney import DBusAddress, HeaderFields, MessageType, new_error, new_method_return, new_signal
from jeepney.bus_messages import message_bus
from jeepney.io.blocking import open_dbus_connection

PORTAL_PATH = "/org/freedesktop/portal/desktop"
SEAT_PATH = "/org/freedesktop/login1/seat/seat0"


def main() -> None:
    mode = sys.argv[1]
    connection = open_dbus_connection(bus="SESSION")
    name = "org.freedesktop.portal.Desktop" if mode == "portal" else "org.freedesktop.login1"
    connection.send_and_get_reply(message_bus.RequestName(name))
    settings: dict[tuple[str, str], tuple[str, Any]] = {}
    version = 2
    sessions: dict[str, int] = {}
    active = "c1"
    if mode == "portal":
        settings = {tuple(key.split(" ")): tuple(value) for key, value in json.loads(sys.argv[2]).items()}
        version = int(sys.argv[4]) if sys.argv[3:4] == ["--version"] else 2
    else:
        sessions = {"c1": int(sys.argv[2]), "c2": 4242}
    print("ready", flush=True)
    while True:
        message = connection.receive()
        if message.header.message_type != MessageType.method_call:
            continue
        member = message.header.fields[HeaderFields.member]
        path = message.header.fields[HeaderFields.path]
        if member == "ReadOne" and version >= 2 or member == "Read":
            key = tuple(message.body)
            if key not in settings:
                connection.send(new_error(message, "org.freedesktop.portal.Error.NotFound", "s", (f"{key} not found",)))
            elif member == "ReadOne":
                connection.send(new_method_return(message, "v", (settings[key],)))
            else:
                connection.send(new_method_return(message, "v", (("v", settings[key]),)))
        elif member == "Set":  # org.kinetic.Test: namespace, key, uint32
            namespace, key, number = message.body
            settings[(namespace, key)] = ("u", number)
            connection.send(new_method_return(message))
            connection.send(new_signal(DBusAddress(PORTAL_PATH, interface="org.freedesktop.portal.Settings"),
                                       "SettingChanged", "ssv", (namespace, key, ("u", number))))
        elif member == "Get" and mode == "logind":
            interface, prop = message.body
            if path == SEAT_PATH and prop == "ActiveSession":
                value: tuple[str, Any] = ("(so)", (active, f"/org/freedesktop/login1/session/{active}"))
            elif path.startswith("/org/freedesktop/login1/session/") and prop == "User":
                uid = sessions[path.rsplit("/", 1)[1]]
                value = ("(uo)", (uid, f"/org/freedesktop/login1/user/_{uid}"))
            else:
                connection.send(new_error(message, "org.freedesktop.DBus.Error.UnknownProperty", "s", (prop,)))
                continue
            connection.send(new_method_return(message, "v", (value,)))
        elif member == "Activate":  # org.kinetic.Test: a session id
            active = message.body[0]
            connection.send(new_method_return(message))
            connection.send(new_signal(DBusAddress(SEAT_PATH, interface="org.freedesktop.DBus.Properties"),
                                       "PropertiesChanged", "sa{sv}as",
                                       ("org.freedesktop.login1.Seat",
                                        {"ActiveSession": ("(so)", (active, f"/org/freedesktop/login1/session/{active}"))},
                                        [])))
        else:
            connection.send(new_error(message, "org.freedesktop.DBus.Error.UnknownMethod", "s", (member,)))


if __name__ == "__main__":
    main()
