import ArgumentParser
import KineticInput
import KineticProtocol

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "Lists the input devices kineticd can bind (reads /dev/input directly; needs the input group).",
        discussion: """
            One JSON line per event node: path, name, class (touchscreen, touchpad, mouse, …), or the error that kept it from being read.

            EXAMPLE
              kineticctl devices | jq -r 'select(.class=="touchscreen") .path'
            """)

    @Option(help: ArgumentHelp("The device directory.", valueName: "dir"))
    var directory = DeviceDirectory.defaultPath

    func run() throws {
        for listing in DeviceDirectory.listDevices(in: directory) {
            var object: JSONObject = ["path": .string(listing.path)]
            switch listing.result {
            case .success(let description):
                object["name"] = .string(description.name)
                object["class"] = .string(description.deviceClass.rawValue)
            case .failure(let error):
                object["error"] = .string("\(error)")
            }
            print(JSONValue.object(object).jsonText)
        }
    }
}
