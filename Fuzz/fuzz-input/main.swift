// Fuzzes the input decoder: any bytes and key codes from a terminal decode without a crash,
// every event is well formed, and once the input pauses (`flush`) the decoder is back on the
// ground: the next `q` is `q`, whatever came before. One byte could once stall every later key.
import BrowserCore
import CursesTerminal
import FuzzSupport

FuzzDriver.run { bytes in
    let decoder = InputDecoder(extendedKeys: [600: .altLeft, 601: .modified(.end, .control)])
    var events: [BrowserEvent] = []
    var i = 0
    while i < bytes.count {
        let byte = bytes[i]
        // 0xF5 0xNN stands for a key code ncurses decoded (a few real ones and unknown ones).
        if byte == 0xF5, i + 1 < bytes.count {
            let codes: [Int32] = [0o403, 0o402, 0o404, 0o405, 0o406, 0o407, 0o522, 0o523, 0o541, 600, 601, 999]
            events += decoder.feed(.key(codes[Int(bytes[i + 1]) % codes.count]))
            i += 2
            continue
        }
        if byte == 0xF6 { events += decoder.flush(); i += 1; continue }
        events += decoder.feed(.byte(byte))
        i += 1
    }
    events += decoder.flush()
    fuzzCheck(!decoder.isIncomplete, "the decoder is still inside a sequence after a flush")
    for event in events {
        switch event {
        case .keyPressed(.character(let character)):
            for scalar in character.unicodeScalars {
                fuzzCheck(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value), "a control character as a key: \(scalar.value)")
            }
        case .pasted(let text):
            fuzzCheck(text.utf8.count <= InputDecoder.pasteLimit + 4, "a paste longer than the limit")
        default:
            break
        }
    }
    let after = decoder.feed(.byte(UInt8(ascii: "q")))
    fuzzCheck(after == [.keyPressed(.character("q"))], "q after the input paused decoded as \(after)")
}
