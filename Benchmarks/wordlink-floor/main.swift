// The floor that `wordlink define` is measured against : a Swift program that
// decodes a small JSON file with Foundation and prints one line. Built like wordlink.
import Foundation

struct Info: Decodable {
    var id: String
    var title: String
}

let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "Data/dictionary.json"
guard let data = FileManager.default.contents(atPath: path),
      let info = try? JSONDecoder().decode(Info.self, from: data) else {
    print("cannot read \(path)")
    exit(1)
}
print(info.title)
