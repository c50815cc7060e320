#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The protocol's scanner: generates each side's code and the reference tables from protocol/kinetic.json.

    scripts/protocol.py            writes every generated file (make protocol)
    scripts/protocol.py --check    changes nothing; fails, naming the files, when any differs from what it would write

What it writes (each file, or each marked block of a hand-written file, says that it is generated):
  clients/python/src/kinetic/_protocol.py   the version, message types, limits, error codes, events, socket path, and
                                            the codes of binary motion messages
  clients/python/src/kinetic/commands.py    a typed request per operation (the fields it sends, how its reply is read)
  clients/python/src/kinetic/_methods.py    the command methods of the blocking and of the asyncio client, from one
                                            template
  clients/c/src/protocol.h                  the limits, message types and binary motion codes, for the library's own
                                            files
  clients/c/src/commands.c                  a command writer per operation
  clients/c/tests/socket-cases.h            the socket rule's cases, which tests/test-socket.c runs
  clients/c/include/kinetic-client.h        their declarations, enums and structs (the block between the markers)
  docs/PROTOCOL.md                          the socket rule, message types, operations, events, error codes, limits
                                            and binary motion codes (the blocks between the markers)

Only the standard library: like wayland-scanner, it must run wherever the project builds.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYTHON_LICENCE = "# SPDX-License-Identifier: Apache-2.0"
C_LICENCE = "/* SPDX-License-Identifier: Apache-2.0 */"
DESCRIPTION = ROOT / "protocol" / "kinetic.json"
SOURCE = "protocol/kinetic.json"


def load() -> dict[str, Any]:
    with DESCRIPTION.open(encoding="utf-8") as file:
        return json.load(file)


def wrap(text: str, width: int, prefix: str) -> list[str]:
    return [prefix + line for line in textwrap.wrap(text, width - len(prefix), break_on_hyphens=False)] or [prefix]


def wrap_items(head: str, items: list[str], tail: str, indent: str = "", width: int = 116) -> list[str]:
    """`head` + the items joined by ", " + `tail`, broken after a comma where a line would pass `width`; the lines
    after the first line up under the first item (`indent`: the first line's own indent, in `head`)."""
    one = head + ", ".join(items) + tail
    if len(one.expandtabs(8)) <= width:
        return [one]
    hanging = " " * len(head.expandtabs(8))
    lines, line = [], head
    for index, item in enumerate(items):
        piece = item + (", " if index < len(items) - 1 else tail)
        if line.strip() and len((line + piece).rstrip().expandtabs(8)) > width and line != head:
            lines.append(line.rstrip())
            line = hanging
        line += piece
    lines.append(line)
    return lines


def limit(description: dict[str, Any], name: str) -> Any:
    return next(entry["value"] for entry in description["limits"] if entry["name"] == name)


# Python


PYTHON_TYPES = {"channel": "str", "element": "str", "expression": "str", "value": "Value", "integer": "int",
                "boolean": "bool", "numbers": "Sequence[float]", "changes": "Mapping[str, Value]"}


def python_type(description: dict[str, Any], field: dict[str, Any]) -> str:
    if field["type"] == "enum":
        return str(description["enums"][field["enum"]]["python"])
    return PYTHON_TYPES[field["type"]]


def python_parameters(description: dict[str, Any], operation: dict[str, Any], completion_default: str | None) -> list[str]:
    """The parameters of an operation's builder (completion_default None) or method, with their annotations."""
    parameters: list[str] = []
    keyword = False
    for field in operation["fields"]:
        if field["name"] == "completion" and operation.get("completion_fixed"):
            continue
        if field.get("keyword") and not keyword:
            parameters.append("*")
            keyword = True
        annotation = python_type(description, field)
        if "python_default" in field:
            parameters.append(f"{field['name']}: {annotation} = {json.dumps(field['python_default'])}")
        elif field.get("required"):
            parameters.append(f"{field['name']}: {annotation}")
        elif field.get("const") is True:
            parameters.append(f"{field['name']}: {annotation} = False")
        elif "default" in field:
            parameters.append(f"{field['name']}: {annotation} = {json.dumps(field['default'])}")
        elif field["name"] == "completion" and completion_default is not None:
            parameters.append(f"{field['name']}: {annotation} | None = {json.dumps(completion_default)}")
        else:
            parameters.append(f"{field['name']}: {annotation} | None = None")
    return parameters


def python_sent(field: dict[str, Any]) -> str:
    """The expression that puts a field's argument on the wire (None: not sent)."""
    name = field["name"]
    if field["type"] == "value":
        return f"_value({name})" if field.get("required") else f"None if {name} is None else _value({name})"
    if field["type"] == "changes":
        return f"{{key: _value(value) for key, value in {name}.items()}}"
    if field["type"] == "numbers":
        return f"None if {name} is None else [float(number) for number in {name}]"
    if field.get("const") is True:
        return f"True if {name} else None"
    return name


def python_docstring(text: str, indent: str) -> list[str]:
    lines = textwrap.wrap(text, 116 - len(indent) - 3, break_on_hyphens=False)
    if len(lines) == 1:
        return [f'{indent}"""{lines[0]}"""']
    return [f'{indent}"""{lines[0]}'] + [indent + line for line in lines[1:-1]] + [f'{indent}{lines[-1]}"""']


def python_names(parameters: list[str]) -> list[str]:
    names = [p.split(":")[0] for p in parameters if p != "*"]
    keyword = parameters.index("*") if "*" in parameters else len(parameters)
    return [name if index < keyword else f"{name}={name}" for index, name in enumerate(names)]


def python_header(summary: str, *more: str) -> list[str]:
    """A generated module's docstring: what it holds, that it is generated and from what, and `more` lines."""
    return [PYTHON_LICENCE, f'"""{summary}', "", f"Generated by scripts/protocol.py from {SOURCE}: edit that, then run make "
            "protocol.", *more, '"""', ""]


def python_commands(description: dict[str, Any]) -> str:
    out = python_header("Every operation of the protocol as a typed request: the fields it sends and how its reply is read.",
                        "The blocking and the asyncio client run the same requests (``client.call(request)``); their",
                        "methods of the same names build them here.") + [
           "from __future__ import annotations",
           "",
           "from collections.abc import Callable, Mapping, Sequence",
           "from dataclasses import dataclass",
           "from typing import Any, Generic, Literal, TypeVar, Union",
           "",
           "from .messages import ChannelInfo, Reply, Status, read_channels, read_status",
           "",
           'T = TypeVar("T")',
           "",
           "Value = Union[float, Sequence[float]]",
           f'"""A channel value: one number, or one per component (1–{limit(description, "dimension")} finite numbers within ±1e12)."""']
    for enum in description["enums"].values():
        out.append(f"{enum['python']} = Literal[{', '.join(json.dumps(v) for v in enum['values'])}]")
        out.extend(python_docstring(enum["doc"], ""))
    out += ["", "", "@dataclass(frozen=True)", "class Request(Generic[T]):",
            '    """A command\'s fields (without ``type`` and ``id``) and how to read its successful reply."""', "",
            "    fields: Mapping[str, Any]", "    read: Callable[[Reply], T]", "    completion: Completion | None = None",
            '    """The completion event the command asked for, if any."""', "", "",
            "def _reply(reply: Reply) -> Reply:", "    return reply", "", "",
            "def _value(value: Value) -> list[float]:",
            "    return [float(value)] if isinstance(value, (int, float)) else [float(v) for v in value]", "", "",
            "def _request(op: str, read: Callable[[Reply], T], completion: Completion | None, /, **fields: Any) -> Request[T]:",
            '    return Request({"op": op, **{key: value for key, value in fields.items() if value is not None}}, read, completion)']
    for operation in description["operations"]:
        out += ["", ""] + python_builder(description, operation)
    return "\n".join(out) + "\n"


def python_builder(description: dict[str, Any], operation: dict[str, Any]) -> list[str]:
    parameters = python_parameters(description, operation, None)
    reply = operation.get("python_reply", {})
    returns = reply.get("type", "Reply")
    builder = reply.get("builder", operation["name"])
    noqa = "  # noqa: A001 - the protocol's name" if builder in ("set", "list") else ""
    lines = wrap_items(f"def {builder}(", parameters, f") -> Request[{returns}]:{noqa}")
    lines += python_docstring(operation["doc"], "    ")
    groups: dict[str, list[str]] = {}
    for field in operation["fields"]:
        if "one_of" in field:
            groups.setdefault(field["one_of"], []).append(field["name"])
    for group, names in groups.items():
        fields = {field["name"]: field for field in operation["fields"]}
        # A constant field (`"trigger": true`) is given when true; any other when not None (`active=False` is given).
        given = " + ".join(f"bool({name})" if fields[name].get("const") is True else f"({name} is not None)"
                           for name in names)
        lines += [f"    if {given} != 1:",
                  f'        raise ValueError("{operation["name"]}: pass exactly one of {", ".join(names)}")']
    completion = "completion" if any(f["name"] == "completion" for f in operation["fields"]) else "None"
    if operation.get("completion_fixed"):
        completion = json.dumps(operation["completion"])
    read = reply.get("read", "_reply")
    arguments = [f'"{operation["op"]}"', read, completion]
    # A fixed completion (the removal's event) is how the reply is waited for, not a field the command sends.
    arguments += [f"{field['name']}={python_sent(field)}" for field in operation["fields"]
                  if not (field["name"] == "completion" and operation.get("completion_fixed"))]
    lines += wrap_items("    return _request(", arguments, ")")
    return lines


def python_methods(description: dict[str, Any]) -> str:
    out = python_header("The command methods of :class:`kinetic.Client` and :class:`kinetic.AsyncClient`, one template "
                        "for both.") + [
           "from __future__ import annotations",
           "",
           "from collections.abc import Mapping, Sequence",
           "from typing import TYPE_CHECKING, TypeVar",
           "",
           "from . import commands",
           "from .commands import " + ", ".join(["Request", "Value"] + [e["python"] for e in description["enums"].values()]),
           "from .messages import ChannelInfo, Reply, Status",
           "",
           "if TYPE_CHECKING:",
           "    from .aio import AsyncCompletion",
           "    from .client import CompletionHandle",
           "",
           'T = TypeVar("T")']
    for asynchronous in (False, True):
        out += ["", ""] + python_method_class(description, asynchronous)
    return "\n".join(out) + "\n"


def python_method_class(description: dict[str, Any], asynchronous: bool) -> list[str]:
    name, handle = ("AsyncCommands", "AsyncCompletion") if asynchronous else ("Commands", "CompletionHandle")
    define = "async def" if asynchronous else "def"
    wait = "await " if asynchronous else ""
    lines = [f"class {name}:",
             f'    """The protocol\'s operations as methods{" (coroutines)" if asynchronous else ""}: each sends its '
             'command and returns the reply, read."""', "",
             f"    {define} call(self, request: Request[T]) -> T:",
             '        """Sends ``request`` and returns its reply, read; a refusal raises its :class:`ServerError`."""',
             "        raise NotImplementedError", "",
             f"    {define} _with_completion(self, request: Request[Reply]) -> {handle}:",
             "        raise NotImplementedError"]
    for operation in description["operations"]:
        completion = operation.get("completion")
        parameters = ["self"] + python_parameters(description, operation, completion)
        reply = operation.get("python_reply", {})
        returns = handle if completion else reply.get("type", "Reply")
        builder = reply.get("builder", operation["name"])
        lines += [""] + wrap_items(f"    {define} {operation['name']}(", parameters, f") -> {returns}:")
        lines += python_docstring(operation["doc"], "        ")
        runner = "self._with_completion" if completion else "self.call"
        lines += wrap_items(f"        return {wait}{runner}(commands.{builder}(", python_names(parameters[1:]), "))")
    return lines


def python_protocol(description: dict[str, Any]) -> str:
    out = python_header("The protocol's constants: its version, message types, limits, error codes, events and system "
                        "socket.") + [
           f"PROTOCOL_MAJOR = {description['version']['major']}",
           f"PROTOCOL_MINOR = {description['version']['minor']}",
           f"SYSTEM_SOCKET = {json.dumps(description['socket']['system_path'])}",
           "TYPE_CODES = {" + ", ".join(f'"{m["name"]}": {m["binary_type"]}' for m in description["messages"]) + "}",
           '"""Each message type\'s code in the binary encoding."""']
    for entry in description["limits"]:
        value = entry["value"]
        out.append(f"MAXIMUM_{entry['name'].upper()} = {value!r}")
        out.extend(python_docstring(f"Limit: {entry['doc']}.", ""))
    out.append("ERROR_CODES = (" + ", ".join(json.dumps(e["code"]) for e in description["error_codes"]) + ")")
    out.append("FATAL_CODES = frozenset({" + ", ".join(json.dumps(e["code"]) for e in description["error_codes"] if e["fatal"]) + "})")
    out.append('"""The codes after which the daemon closes the connection."""')
    out.append("EVENTS = (" + ", ".join(json.dumps(e["event"]) for e in description["events"]) + ")")
    motion = description["binary_motion"]
    out.append("MOTION_ENTRY_KINDS = {" + ", ".join(f'{json.dumps(k["name"])}: {k["code"]}' for k in motion["entry_kinds"]) + "}")
    out.append('"""A binary motion message\'s entry kinds, by name."""')
    out.append("MOTION_TERM_KINDS = {" + ", ".join(f'{json.dumps(k["name"])}: {k["code"]}' for k in motion["term_kinds"]) + "}")
    out.append('"""Its term kinds, by name."""')
    out.append("MOTION_REGIMES = (" + ", ".join(json.dumps(name) for name in motion["regimes"]) + ")")
    out.append('"""Its spring regimes, in the order of their codes."""')
    return "\n".join(line for block in out for line in textwrap.wrap(block, 118, subsequent_indent="    ",
                                                                       break_on_hyphens=False) or [""]) + "\n"


# C


def c_enum(description: dict[str, Any], key: str) -> dict[str, Any]:
    enum = description["enums"][key]
    c = dict(enum["c"])
    c["constants"] = [c["prefix"] + value.upper() if not any(ch.isupper() for ch in value) else
                      c["prefix"] + "".join("_" + ch if ch.isupper() else ch.upper() for ch in value) for value in enum["values"]]
    c["values"] = enum["values"]
    return c


def c_parameters(description: dict[str, Any], operation: dict[str, Any]) -> list[str]:
    """The C parameters of an operation's writer, after the client."""
    if "c_struct" in operation:
        return [f"const struct {operation['c_struct']} *{operation['name']}"]
    parameters = []
    for field in operation["fields"]:
        name, kind = field["name"], field["type"]
        if "one_of" in field:
            continue
        if kind in ("channel", "element", "expression"):
            parameters.append(f"const char *{name}")
        elif kind == "value":
            parameters.append(f"const double *{name}")
            if "count_field" not in field:
                parameters.append(f"size_t {field['c_count']}")
        elif kind == "numbers":
            parameters.append(f"const double *{name}")
        elif kind == "changes":
            parameters += [f"const struct kinetic_change *{name}", "size_t change_count"]
        elif kind == "integer":
            parameters.append(f"{field.get('c_type', 'int64_t')} {name}" if field.get("required") else f"int64_t {name}")
        elif kind == "boolean":
            parameters.append(f"bool {name}")
        elif kind == "enum":
            parameters.append(f"enum {c_enum(description, field['enum'])['type']} {name}")
    if "choice" in operation:
        choice = operation["choice"]
        parameters.append(f"enum {choice['c']['type']} {choice['name']}")
    return parameters


def c_signature(description: dict[str, Any], operation: dict[str, Any], end: str) -> list[str]:
    head = f"int64_t kinetic_client_{operation['name']}("
    lines = wrap_items(head, ["struct kinetic_client *client"] + c_parameters(description, operation), ")" + end)
    # The kernel's style, as the hand-written files: tabs, then spaces, up to the open parenthesis.
    return [lines[0]] + ["\t" * (len(head) // 8) + " " * (len(head) % 8) + line.lstrip() for line in lines[1:]]


def c_field_writer(description: dict[str, Any], operation: dict[str, Any], field: dict[str, Any], access: str) -> list[str]:
    """The statements that check one field's argument and write it."""
    name, kind, key = field["name"], field["type"], json.dumps(field["name"])
    value = access + name
    what = f"kinetic_client_{operation['name']}: {name}"
    fail = "return kinetic_fail(client, KINETIC_E_INVALID, "
    if kind in ("channel", "element", "expression"):
        if field.get("required"):
            return [f"if (!{value})", f'\t{fail}"{what} is NULL; pass a string");',
                    f"kinetic_json_string(&json, {key}, {value});"]
        return [f"if ({value})", f"\tkinetic_json_string(&json, {key}, {value});"]
    if kind == "value":
        if "count_field" in field:
            return [f"if ({value})", f"\tkinetic_json_numbers(&json, {key}, {value}, {access}{field['count_field']});"]
        return [f"if (!{value})", f'\t{fail}"{what} is NULL; pass {field["c_count"]} numbers");',
                f"kinetic_json_numbers(&json, {key}, {value}, {access}{field['c_count']});"]
    if kind == "numbers":
        return [f"if ({value})", f"\tkinetic_json_numbers(&json, {key}, {value}, {field['count']});"]
    if kind == "changes":
        return [f"kinetic_json_changes(&json, {key}, {value}, {access}change_count);"]
    if kind == "integer":
        bounds = []
        signed = not field.get("required") or field.get("c_type", "int64_t").startswith("int")
        if field["minimum"] > 0 or signed and field.get("required"):
            bounds.append(f"{value} < {field['minimum']}")
        bounds.append(f"{value} > {field['maximum']}")
        check = " || ".join(bounds)
        accepted = f"{field['minimum']} to {field['maximum']}"
        lines = [f"if ({check})", f'\t{fail}"{what} is %lld; it must be {accepted}", (long long){value});'] \
            if field.get("required") else \
            [f"if ({value} > {field['maximum']})", f'\t{fail}"{what} is %lld; it must be {accepted}, or negative '
             f'for the daemon\'s default", (long long){value});']
        write = f"kinetic_json_integer(&json, {key}, (int64_t){value});"
        return lines + ([write] if field.get("required") else [f"if ({value} >= 0)", "\t" + write])
    if kind == "boolean":
        return [f"kinetic_json_bool(&json, {key}, {value});"]
    if kind == "enum":
        enum = c_enum(description, field["enum"])
        table = f"{name}_names"
        names = ", ".join(json.dumps(v) for v in enum["values"])
        if "none" in enum:
            return [f"static const char *const {table}[] = {{ {names} }};",
                    f"if ((unsigned){value} > {enum['constants'][-1]})",
                    f'\t{fail}"{what} is %d, not an enum {enum["type"]}", (int){value});',
                    f"if ({value} != {enum['none']})",
                    f"\tkinetic_json_string(&json, {key}, {table}[{value} - 1]);"]
        return [f"static const char *const {table}[] = {{ {names} }};",
                f"if ((unsigned){value} > {enum['constants'][-1]})",
                f'\t{fail}"{what} is %d, not an enum {enum["type"]}", (int){value});',
                f"kinetic_json_string(&json, {key}, {table}[{value}]);"]
    raise ValueError(f"no C writer for {kind}")


def c_writer(description: dict[str, Any], operation: dict[str, Any]) -> list[str]:
    lines = c_signature(description, operation, "") + ["{", "\tCHECK_CLIENT(client);"]
    access = ""
    if "c_struct" in operation:
        access = operation["name"] + "->"
        lines += [f"\tif (!{operation['name']})",
                  f'\t\treturn kinetic_fail(client, KINETIC_E_INVALID, "kinetic_client_{operation["name"]}: '
                  f'{operation["name"]} is NULL; pass a struct {operation["c_struct"]}");']
    body: list[str] = []
    for field in operation["fields"]:
        if "one_of" not in field:
            body += c_field_writer(description, operation, field, access)
    if "choice" in operation:
        choice = operation["choice"]
        values = choice["c"]["values"]
        body += [f"if ((unsigned){choice['name']} > {values[-1]['name']})",
                 f'\treturn kinetic_fail(client, KINETIC_E_INVALID, "kinetic_client_{operation["name"]}: {choice["name"]} '
                 f'is %d, not an enum {choice["c"]["type"]}", (int){choice["name"]});',
                 f"switch ({choice['name']}) {{"]
        for value in values:
            body.append(f"case {value['name']}:")
            body += [f"\tkinetic_json_bool(&json, {json.dumps(k)}, {'true' if v else 'false'});" for k, v in value["sends"].items()]
            body.append("\tbreak;")
        body.append("}")
    # The checks come first, before the message is begun: a refused argument leaves nothing half-written.
    checks, writes = split_checks(body)
    lines += ["\t" + line for line in checks]
    lines += ["\tstruct kinetic_json json;", f'\tint64_t id = kinetic_begin_command(client, &json, "{operation["op"]}");']
    lines += ["\t" + line for line in writes]
    lines += ["\treturn kinetic_queue_command(client, &json, id);", "}"]
    return [part for line in lines for part in c_break(line)]


def c_break(line: str) -> list[str]:
    """A failure too long for a line, broken after its status (the message on a line of its own)."""
    marker = "kinetic_fail(client, KINETIC_E_INVALID, "
    if len(line.expandtabs(8)) <= 116 or marker not in line:
        return [line]
    head, tail = line.split(marker)
    indent = "\t" * (len(head) - len(head.lstrip("\t")) + 1)
    return [head + marker.rstrip(), indent + tail]


def split_checks(body: list[str]) -> tuple[list[str], list[str]]:
    """The argument checks (an `if` whose next line returns a failure, and the static tables they use) and the writes:
    every check runs before the message is begun, so a refused argument leaves nothing to free."""
    checks, writes, index = [], [], 0
    while index < len(body):
        line = body[index]
        if line.startswith("static const"):
            checks.append(line)
        elif line.startswith("if (") and index + 1 < len(body) and "return kinetic_fail" in body[index + 1]:
            checks += body[index:index + 2]
            index += 1
        else:
            writes.append(line)
        index += 1
    return checks, writes


def c_commands(description: dict[str, Any]) -> str:
    out = [C_LICENCE, f"/* The command writers: one per operation of the protocol. Generated by scripts/protocol.py from {SOURCE};",
           " * edit that, then run make protocol. Each checks its arguments before it writes anything, then queues the",
           " * command and returns its id (kinetic_begin_command, kinetic_queue_command: client.c). */",
           "#define _GNU_SOURCE /* locale_t, as the library's other files */",
           "#include \"private.h\""]
    for operation in description["operations"]:
        out += [""] + c_writer(description, operation)
    return "\n".join(out) + "\n"


def c_declarations(description: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for enum in description["enums"].values():
        c = c_enum(description, next(k for k, v in description["enums"].items() if v is enum))
        out += ["", f"/** {c.get('doc', enum['doc'])} */", f"enum {c['type']} {{"]
        if "none" in c:
            out.append(f"\t{c['none']} = 0,")
            out += [f"\t{constant}," for constant in c["constants"]]
        else:
            out += [f"\t{constant}," for constant in c["constants"]]
        out.append("};")
    out += ["", "/** One channel's new value in kinetic_client_animate_changes(). */", "struct kinetic_change {",
            "\tconst char *channel;", "\tconst double *value;", "\tsize_t count;", "};"]
    for operation in description["operations"]:
        doc = operation["doc"]
        if "c_struct" in operation:
            out += ["", f"/** The fields of kinetic_client_{operation['name']}(); the pointers are optional (NULL) where "
                        "the protocol's fields are. */", f"struct {operation['c_struct']} {{"]
            for field in operation["fields"]:
                declaration = c_parameters(description, {"name": "", "fields": [field]})[0]
                comment = f" /* {field['doc']} */" if "doc" in field else ""
                out.append(f"\t{declaration};{comment}")
            out.append("};")
        if "choice" in operation:
            choice = operation["choice"]
            out += ["", f"/** kinetic_client_{operation['name']}(): {choice['doc'].replace(chr(96), '')}. */",
                    f"enum {choice['c']['type']} {{"] + [f"\t{value['name']}," for value in choice["c"]["values"]] + ["};"]
        out += ["", "/**"] + wrap(doc.replace("`", ""), 116, " * ") + [" */"]
        out += c_signature(description, operation, ";")
    return out


def c_header_block(description: dict[str, Any]) -> list[str]:
    return [f"/* Generated by scripts/protocol.py from {SOURCE} (make protocol): the commands, one per operation. Each",
            " * queues one message and returns its id (≥ 1), or a negative status; the reply comes through the listener.",
            " * Values are `count` finite numbers (1–64). Expressions (animation, transition, effect) are SwiftUI syntax",
            " * as in docs/PROTOCOL.md; NULL leaves an optional one to the daemon's default. */"] + c_declarations(description)


def c_protocol_header(description: dict[str, Any]) -> str:
    out = [C_LICENCE, f"/* The protocol's limits and message types. Generated by scripts/protocol.py from {SOURCE}; edit that, then",
           " * run make protocol. */", "#ifndef KINETIC_CLIENT_PROTOCOL_H", "#define KINETIC_CLIENT_PROTOCOL_H", ""]
    for entry in description["limits"]:
        value = entry["value"]
        text = f"{value:g}" if isinstance(value, float) else f"{value}u"
        out += wrap(f"{entry['doc'].replace('`', '')}.", 116, "/* ")
        out[-1] += " */"
        out.append(f"#define KINETIC_LIMIT_{entry['name'].upper()} {text}")
    out += ["", "/* The system service's socket (the socket rule: protocol/kinetic.json \"socket\"). */",
            f"#define KINETIC_SYSTEM_SOCKET {json.dumps(description['socket']['system_path'])}"]
    out += ["", "enum kinetic_message_type {"]
    out += [f"\tKINETIC_MSG_{m['name'].upper()} = {m['binary_type']}," for m in description["messages"]]
    out += ["};"]
    motion = description["binary_motion"]
    out += ["", "/* A binary motion message's entry kinds, term kinds and spring regimes (docs/PROTOCOL.md). */",
            "enum kinetic_motion_entry_code {"]
    out += [f"\tKINETIC_MOTION_ENTRY_{k['name'].upper()} = {k['code']}," for k in motion["entry_kinds"]]
    out += ["};", "", "enum kinetic_motion_term_code {"]
    out += [f"\tKINETIC_MOTION_TERM_{k['name'].upper()} = {k['code']}," for k in motion["term_kinds"]]
    out += ["};", "", "enum kinetic_motion_regime {"]
    out += [f"\tKINETIC_REGIME_{name.upper()} = {code}," for code, name in enumerate(motion["regimes"])]
    out += ["};", "", "#endif"]
    return "\n".join(out) + "\n"


def c_socket_cases(description: dict[str, Any]) -> str:
    """The socket rule's cases, for tests/test-socket.c."""
    out = [C_LICENCE, f"/* The socket rule's cases. Generated by scripts/protocol.py from {SOURCE}; edit that, then run make",
           " * protocol. environment: NAME=VALUE entries, NULL-terminated; path NULL: no path (the client says why). */",
           "struct socket_case {", "\tconst char *explicit;", "\tconst char *environment[8];", "\tunsigned uid;",
           "\tconst char *path;", "};", "", "static const struct socket_case socket_cases[] = {"]
    for case in description["socket"]["cases"]:
        environment = [json.dumps(f"{name}={value}") for name, value in case["environment"].items()] + ["NULL"]
        explicit = json.dumps(case["explicit"]) if "explicit" in case else "NULL"
        path = json.dumps(case["path"]) if case["path"] is not None else "NULL"
        out += wrap_items("\t{ ", [explicit, "{ " + ", ".join(environment) + " }", str(case["uid"]), path], " },")
    out += ["};"]
    return "\n".join(out) + "\n"


# docs/PROTOCOL.md


def markdown_blocks(description: dict[str, Any]) -> dict[str, list[str]]:
    socket = description["socket"]
    blocks = {"socket": [f"{index}. {rule['doc']};" if index < len(socket["rules"]) else f"{index}. {rule['doc']}."
                         for index, rule in enumerate(socket["rules"], 1)]}
    blocks["message-types"] = ["| type | code | direction |", "|---|---:|---|"] + [
        f"| {m['name']} | {m['binary_type']} | "
        + {"both": "both", "client": "client → server", "server": "server → client"}[m["from"]]
        + (f" ({m['doc']})" if "doc" in m else "") + " |" for m in description["messages"]]
    rows = ["| op | fields | does | reply adds |", "|---|---|---|---|"]
    for operation in description["operations"]:
        fields = ", ".join(markdown_field(description, field) for field in operation["fields"]) or "—"
        reply = ", ".join(f"`{name}`" for name in operation.get("reply", [])) or "—"
        rows.append(f"| `{operation['op']}` | {fields} | {operation['doc']} | {reply} |")
    blocks["operations"] = rows
    blocks["events"] = ["| event | fields | sent |", "|---|---|---|"] + [
        f"| `{e['event']}` | {', '.join('`' + f + '`' for f in e['fields']) or '—'} | {e['doc']} |" for e in description["events"]]
    blocks["error-codes"] = ["| code | when | fatal |", "|---|---|---|"] + [
        f"| `{e['code']}` | {e['doc']} | {'yes' if e['fatal'] else 'no'} |" for e in description["error_codes"]]
    motion = description["binary_motion"]
    blocks["binary-motion"] = ["| entry kind | code | then |", "|---|---:|---|"] + [
        f"| `{k['name']}` | {k['code']} | {k['doc']} |" for k in motion["entry_kinds"]] + [
        "", "| term kind | code | then |", "|---|---:|---|"] + [
        f"| `{k['name']}` | {k['code']} | {k['doc']} |" for k in motion["term_kinds"]] + [
        "", "Regimes (u8): " + ", ".join(f"{code} `{name}`" for code, name in enumerate(motion["regimes"])) + "."]
    blocks["limits"] = ["| limit | value | of |", "|---|---:|---|"] + [
        f"| `{e['name']}` | {e['value']:g} | {e['doc']} |" if isinstance(e["value"], float) else
        f"| `{e['name']}` | {e['value']} | {e['doc']} |" for e in description["limits"]]
    return blocks


def markdown_field(description: dict[str, Any], field: dict[str, Any]) -> str:
    text = f"`{field['name']}`"
    if field["type"] == "integer":
        text += (f" ({field['minimum']}–{field['maximum']}" + (f"; {field['also']}" if "also" in field else "")
                 + (f"; at most `{field['at_most']}`" if "at_most" in field else "") + ")")
    elif field["type"] == "enum":
        text += " (" + " \\| ".join(f'`"{v}"`' for v in description["enums"][field["enum"]]["values"]) + ")"
    elif field["type"] == "numbers":
        text += f" ({field['count']} numbers)"
    if "one_of" in field:
        text += " (one of)"
    return text + ("" if field.get("required") else "?")


# Files


def splice(text: str, begin: str, end: str, block: list[str], path: str) -> str:
    start, stop = text.find(begin), text.find(end)
    if start < 0 or stop < start:
        raise SystemExit(f"protocol.py: {path} has no block between '{begin}' and '{end}'; put the two markers back")
    return text[:start + len(begin)] + "\n" + "\n".join(block) + "\n" + text[stop:]


def outputs(description: dict[str, Any]) -> dict[Path, str]:
    files = {ROOT / "clients/python/src/kinetic/_protocol.py": python_protocol(description),
             ROOT / "clients/python/src/kinetic/commands.py": python_commands(description),
             ROOT / "clients/python/src/kinetic/_methods.py": python_methods(description),
             ROOT / "clients/c/src/protocol.h": c_protocol_header(description),
             ROOT / "clients/c/src/commands.c": c_commands(description),
             ROOT / "clients/c/tests/socket-cases.h": c_socket_cases(description)}
    header = ROOT / "clients/c/include/kinetic-client.h"
    files[header] = splice(header.read_text(encoding="utf-8"), "/* BEGIN GENERATED COMMANDS */",
                           "/* END GENERATED COMMANDS */", c_header_block(description), str(header))
    protocol = ROOT / "docs/PROTOCOL.md"
    text = protocol.read_text(encoding="utf-8")
    for name, block in markdown_blocks(description).items():
        text = splice(text, f"<!-- BEGIN GENERATED {name} (scripts/protocol.py from {SOURCE}) -->",
                      f"<!-- END GENERATED {name} -->", block, str(protocol))
    files[protocol] = text
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description="Generates each side's code and the reference tables from "
                                                 f"{SOURCE}.")
    parser.add_argument("--check", action="store_true", help="change nothing; fail when a generated file is stale")
    arguments = parser.parse_args()
    stale = []
    for path, content in outputs(load()).items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == content:
            continue
        if arguments.check:
            stale.append(str(path.relative_to(ROOT)))
        else:
            path.write_text(content, encoding="utf-8")
            print(f"protocol.py: wrote {path.relative_to(ROOT)}")
    if stale:
        print(f"protocol.py: {len(stale)} generated file(s) differ from {SOURCE}: {', '.join(stale)}; "
              "run make protocol and commit what it writes", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
