#!/usr/bin/env python3
"""Lists public/open Swift declarations that have no `///` (or `/** */`) doc comment; exits 1 when any is found.

Usage: scripts/check-doc-comments.py [DIR_OR_FILE ...]        (default: Sources/)
       scripts/check-doc-comments.py --self-test                (checks the checker on a built-in sample)

House rule: every public symbol has a doc comment with units and the spec section it follows, so that a reader of the
API learns what a number means without opening the code. This script checks the part a script can check: that the
comment exists.

What counts as a public declaration
  * a declaration (struct, class, actor, enum, protocol, typealias, associatedtype, func, init, subscript, var, let,
    case, macro) written with `public` or `open`;
  * a member declared without an access modifier inside a `public extension`, a `public protocol` (every requirement is
    public), or a public type declared in such a context;
  * a `case` of a public enum.
What is exempt, and why
  * `extension` lines themselves (an extension is not a symbol; its members are checked);
  * operator implementations (`static func +`, `==`, `<`, `+=`, …): they implement the requirements of
    AdditiveArithmetic / Equatable / Comparable, whose documentation is the protocol's, and the operator has no units
    of its own beyond those of the type (documented on the type);
  * declarations inside function, initializer, accessor or closure bodies (never visible outside);
  * the members that implement a standard library protocol's requirement and mean what the protocol says
    (`description`, `debugDescription`, `hash(into:)`, a collection's `startIndex`, `endIndex` and
    `subscript(position:)`): their documentation is the protocol's, as for the operators;
  * memberwise initialisers: an `init` whose body only stores each parameter in the property of its name
    (`self.x = x`), whose documentation would restate the properties' (documented on the properties).
A doc comment may be separated from its declaration by attribute lines (`@inlinable`, `@available(…)`, …) only.

`make test` runs `--self-test` first, so a checker that stopped finding anything would fail instead of passing.
"""

import pathlib
import re
import sys

DECL_KEYWORDS = (
    "struct", "class", "actor", "enum", "protocol", "extension", "typealias", "associatedtype",
    "func", "init", "subscript", "var", "let", "case", "macro", "deinit",
)
TYPE_KEYWORDS = {"struct", "class", "actor", "enum", "protocol"}
MODIFIERS = {
    "public", "open", "internal", "fileprivate", "private", "package", "static", "class", "final", "mutating",
    "nonmutating", "override", "convenience", "required", "indirect", "nonisolated", "lazy", "weak", "unowned",
    "dynamic", "optional", "prefix", "postfix", "infix", "consuming", "borrowing", "isolated", "distributed",
}
NON_PUBLIC = {"internal", "fileprivate", "private", "package"}
ATTRIBUTE = re.compile(r"@[A-Za-z_][A-Za-z0-9_]*(\((?:[^()]|\([^()]*\))*\))?")
OPERATOR_FUNC = re.compile(r"\bfunc\s+[^A-Za-z_\s(]")
PROTOCOL_MEMBER = re.compile(r"\b(var\s+(description|debugDescription|startIndex|endIndex)\b|func\s+hash\(into\b"
                             r"|subscript\(position:)")
PARAMETER = re.compile(r"[(,]\s*(?:_\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*:")


def is_memberwise_init(lines, index):
    """Whether the `init` at `index` only stores its parameters in the properties of their names."""
    text, depth, opened = "", 0, False
    for line in lines[index:index + 40]:
        line = re.sub(r"//.*", "", line)
        text += line + "\n"
        depth += line.count("{") - line.count("}")
        opened = opened or "{" in line
        if opened and depth <= 0:
            break
    head, _, body = text.partition("{")
    body = body.rsplit("}", 1)[0]
    parameters = PARAMETER.findall(head.split("init", 1)[1])
    statements = [statement.strip() for statement in re.split(r"[\n;]", body) if statement.strip()]
    stored = [re.fullmatch(r"self\.([A-Za-z_][A-Za-z0-9_]*)\s*=\s*\1", statement) for statement in statements]
    return bool(parameters) and all(stored) and sorted(m.group(1) for m in stored) == sorted(parameters)


def strip_code(line, state):
    """Removes comments and string-literal contents; `state` carries open block comments and multi-line strings."""
    out = []
    i = 0
    while i < len(line):
        if state["block"]:
            end = line.find("*/", i)
            if end < 0:
                return "".join(out)
            state["block"] -= 1
            i = end + 2
            continue
        if state["multiline"]:
            end = line.find('"""', i)
            if end < 0:
                return "".join(out)
            state["multiline"] = False
            i = end + 3
            out.append('""')
            continue
        if line.startswith("//", i):
            break
        if line.startswith("/*", i):
            state["block"] += 1
            i += 2
            continue
        if line.startswith('"""', i):
            state["multiline"] = True
            i += 3
            continue
        if line[i] == '"':
            j = i + 1
            while j < len(line) and line[j] != '"':
                j += 2 if line[j] == "\\" else 1
            out.append('""')
            i = j + 1
            continue
        out.append(line[i])
        i += 1
    return "".join(out)


def parse_header(code):
    """Returns (keyword, modifiers, rest) when `code` starts a declaration, else None."""
    rest = code.strip()
    modifiers = set()
    while True:
        m = ATTRIBUTE.match(rest)
        if m:
            rest = rest[m.end():].lstrip()
            continue
        word = re.match(r"([a-z]+)(\(set\))?\b", rest)
        if not word:
            return None
        name = word.group(1)
        if name == "class" and re.match(r"class\s+(func|var|let|subscript)\b", rest):
            modifiers.add("static")
            rest = rest[word.end():].lstrip()
            continue
        if name in DECL_KEYWORDS:
            return name, modifiers, rest[word.end():]
        if name in MODIFIERS:
            if not word.group(2):
                modifiers.add(name)
            rest = rest[word.end():].lstrip()
            continue
        return None


def has_doc(lines, index):
    j = index - 1
    while j >= 0:
        text = lines[j].strip()
        if text.startswith("///") or text.endswith("*/"):
            if text.startswith("///"):
                return True
            # a block comment: documented only when it opens with /**
            while j >= 0 and "/*" not in lines[j]:
                j -= 1
            return j >= 0 and "/**" in lines[j]
        if text.startswith("@") and ATTRIBUTE.sub("", text).strip() == "":
            j -= 1
            continue
        return False
    return False


def check_file(path):
    findings = []
    lines = path.read_text(encoding="utf-8").splitlines()
    state = {"block": 0, "multiline": False}
    # Each scope: "public-members" (members implicitly public), "public-enum", "type", "body" (code), "plain".
    stack = []
    pending = None
    for index, line in enumerate(lines):
        code = strip_code(line, state)
        header = parse_header(code) if code.strip() else None
        scope = stack[-1] if stack else "plain"
        if header and scope != "body":
            keyword, modifiers, rest = header
            explicit = bool(modifiers & {"public", "open"})
            implicit = scope == "public-members" and not (modifiers & NON_PUBLIC)
            is_public = explicit or implicit or (scope == "public-enum" and keyword == "case")
            if keyword == "extension":
                pending = "public-members" if explicit else "plain"
            else:
                exempt = OPERATOR_FUNC.search(code) or PROTOCOL_MEMBER.search(code) or (
                    keyword == "init" and is_memberwise_init(lines, index))
                if is_public and not exempt and not has_doc(lines, index):
                    findings.append(f"{path}:{index + 1}: public `{keyword}` without a doc comment: {line.strip()}")
                if keyword in TYPE_KEYWORDS:
                    if keyword == "protocol" and is_public:
                        pending = "public-members"
                    elif keyword == "enum" and is_public:
                        pending = "public-enum"
                    else:
                        pending = "type"
                elif keyword in {"func", "init", "deinit", "subscript", "var", "let"}:
                    pending = "body"
                else:
                    pending = None
        for char in code:
            if char == "{":
                stack.append(pending or "body")
                # a `{` after a type header opens the type; any further `{` on the line is a body
                pending = None
                scope = stack[-1]
            elif char == "}":
                if stack:
                    stack.pop()
                scope = stack[-1] if stack else "plain"
    return findings


SELF_TEST_SOURCE = """\
public struct A {                       // finding: type
    public var x = 1                    // finding
    /// documented
    public var y = 2
    var internalMember = 3
    public static func + (a: A, b: A) -> A { a }
    public init() {                     // finding
        let s = "public var q { }"
    }
    /// documented through attributes
    @inlinable
    @available(*, deprecated, message: "x")
    public func f() {}
    /* a plain block comment is not a doc comment */
    public func g() {}                  // finding
    /** a doc block */
    public func h() {}
}
public extension A {
    func m() {}                         // finding: implicitly public
    private func n() {}
    /// documented
    func o() {}
    struct Inner { var k: Int }         // finding: implicitly public type
}
extension A: Equatable {}
/// documented
public protocol P {
    func requirement()                  // finding
    /// documented
    var v: Int { get }
    associatedtype T                    // finding
}
/// documented
public enum E {
    case a                              // finding
    /// documented
    case b
    func f() { switch self { case .a: break; case .b: break } }
}
enum F { case q }
/// documented
public struct G: CustomStringConvertible {
    /// documented
    public var a: Int
    /// documented
    public var b: Int
    public init(a: Int, b: Int) {       // exempt: memberwise
        self.a = a
        self.b = b
    }
    public init(sum: Int) {             // finding: does more than store
        self.a = sum
        self.b = 0
    }
    public var description: String { "\\(a)" }   // exempt: the protocol's
}
"""
SELF_TEST_EXPECTED = [1, 2, 7, 15, 20, 24, 29, 32, 36, 52]


def self_test():
    import tempfile
    with tempfile.TemporaryDirectory() as directory:
        path = pathlib.Path(directory) / "Sample.swift"
        path.write_text(SELF_TEST_SOURCE, encoding="utf-8")
        lines = [int(finding.split(":")[1]) for finding in check_file(path)]
    if lines != SELF_TEST_EXPECTED:
        print(f"check-doc-comments: self-test failed: findings on lines {lines}, expected {SELF_TEST_EXPECTED}",
              file=sys.stderr)
        return 1
    return 0


def main(arguments):
    if arguments == ["--self-test"]:
        return self_test()
    root = pathlib.Path(__file__).resolve().parent.parent
    targets = [pathlib.Path(a) for a in arguments] or [root / "Sources"]
    files = []
    for target in targets:
        if not target.exists():
            print(f"check-doc-comments: {target} does not exist", file=sys.stderr)
            return 2
        files += [target] if target.is_file() else sorted(target.rglob("*.swift"))
    findings = [finding for path in files for finding in check_file(path)]
    for finding in findings:
        print(finding)
    if findings:
        print(f"check-doc-comments: {len(findings)} public declaration(s) without a doc comment", file=sys.stderr)
        return 1
    print(f"check-doc-comments: every public declaration in {len(files)} file(s) has a doc comment")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
