// SPDX-License-Identifier: Apache-2.0
// kineticd and kineticctl in one executable, as busybox and systemd's tools are: the name it is run by chooses
// (`kineticctl` is a link to it), or the first argument when it is run as `kinetic`. One copy of the Swift runtime,
// FoundationEssentials and the modules both use instead of two (docs/GUIDE.md, "The package").
import KineticctlCommand
import KineticdCommand

import Glibc

let arguments = CommandLine.arguments
var name = arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
var rest = Array(arguments.dropFirst())
if name != "kineticd", name != "kineticctl", let first = rest.first, first == "kineticd" || first == "kineticctl" {
    name = first
    rest.removeFirst()
}
switch name {
case "kineticd":
    await KineticdTool.main(arguments: rest)
case "kineticctl":
    await KineticctlTool.main(arguments: rest)
default:
    var usage = "kinetic: run it as kineticd or kineticctl (the names the package installs), or as kinetic kineticd ARGS or kinetic kineticctl ARGS\n"
    usage.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(64)
}
