// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import FoundationEssentials
import KineticBindings
import KineticCommandLine
import KineticInput
import KineticProtocol

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "Lists the input devices kineticd can bind (reads /dev/input directly; needs the input group).",
        discussion: """
            One JSON line per event node: path, name, class (touchscreen, touchpad, mouse, …), udev's LIBINPUT_CALIBRATION_MATRIX when it has one, and how kineticd maps the device into pixels (mapping: the configuration's mappings entry that matches, with its calibration from the configuration, else udev; "millimetres" when none matches) — or the error that kept the node from being read.

            EXAMPLES
              kineticctl devices | jq -r 'select(.class=="touchscreen") .path'
              kineticctl devices --config /etc/kinetic/kineticd.yaml
            """)

    @Option(help: ArgumentHelp("The device directory.", valueName: "dir"))
    var directory = DeviceDirectory.defaultPath

    @Option(help: ArgumentHelp("The configuration whose mappings to show (default: the installed one, if any).", valueName: "file"))
    var config: String?

    func run() throws {
        let path = config ?? (FileManager.default.fileExists(atPath: DaemonConfiguration.systemPath) ? DaemonConfiguration.systemPath : nil)
        if let config { try requireReadable(config) }
        let mappings = try path.map { try DaemonConfiguration.load(path: $0).mappings } ?? []
        var info = stat()
        guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw Failure("no device directory \(directory): this system shows no input devices (a container or a virtual machine without them?)", status: ExitStatus.unavailable)
        }
        let listings = DeviceDirectory.listDevices(in: directory)
        guard !listings.isEmpty else {
            throw Failure("no event devices in \(directory) (event0, event1, …): nothing to bind; plug a touchscreen, touchpad or mouse in", status: ExitStatus.unavailable)
        }
        for listing in listings {
            var object: JSONObject = ["path": .string(listing.path)]
            switch listing.result {
            case .success(let description):
                object["name"] = .string(description.name)
                object["class"] = .string(description.deviceClass.rawValue)
                let udev = UdevProperties.calibrationMatrix(ofDevice: listing.path)
                if let udev { object["udev_calibration"] = .array(udev.map { .number($0) }) }
                let mapping = DeviceMapping.resolve(mappings, for: description, path: listing.path, udevCalibration: udev)
                object["mapping"] = .string(mapping?.summary ?? "millimetres")
            case .failure(let error):
                object["error"] = .string("\(error)")
            }
            print(JSONValue.object(object).jsonText)
        }
    }
}
