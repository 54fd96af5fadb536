import Foundation

/// One colour of a screenshot, 8 bits per channel.
struct RGB: Hashable, Sendable, CustomStringConvertible {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    var isWhite: Bool { red == 255 && green == 255 && blue == 255 }

    /// Perceived brightness, 0 (black) to 255 (white).
    var luminance: Double { 0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue) }

    /// How far from grey: 0 for white, grey and black; large for emoji colours.
    var chroma: Int { Int(max(red, green, blue)) - Int(min(red, green, blue)) }

    /// Within `tolerance` of `other` on every channel.
    func isClose(to other: RGB, tolerance: Int) -> Bool {
        abs(Int(red) - Int(other.red)) <= tolerance && abs(Int(green) - Int(other.green)) <= tolerance
            && abs(Int(blue) - Int(other.blue)) <= tolerance
    }

    var description: String { "rgb(\(red), \(green), \(blue))" }
}

/// The whole X screen at one moment, taken with ImageMagick's `import -window root`.
struct Screenshot: Sendable {
    let width: Int
    let height: Int
    /// Red, green, blue for each pixel, row by row from the top left.
    private let samples: [UInt8]
    /// The PPM file as `import` wrote it, kept to save the picture for people to look at.
    private let ppm: Data

    var bounds: ScreenRect { ScreenRect(x: 0, y: 0, width: width, height: height) }

    /// Takes a screenshot of `server`'s screen.
    static func capture(on server: XvfbServer) async throws -> Screenshot {
        // PPM, 8 bits per channel: trivial to read here, no image library needed.
        let output = try await ExternalCommand.runChecked(
            "import", ["-silent", "-window", "root", "-depth", "8", "ppm:-"], extraEnvironment: server.environment)
        return try Screenshot(ppm: output.standardOutput)
    }

    init(ppm: Data) throws {
        let bytes = [UInt8](ppm)
        var index = 0
        // The header is "P6", width, height and maximum value, separated by whitespace, then
        // exactly one whitespace byte before the samples.
        func nextToken() -> String {
            while index < bytes.count, bytes[index] == UInt8(ascii: "#") || Self.isSpace(bytes[index]) {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                } else {
                    index += 1
                }
            }
            let start = index
            while index < bytes.count, !Self.isSpace(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        let magic = nextToken()
        guard magic == "P6", let width = Int(nextToken()), let height = Int(nextToken()),
            nextToken() == "255", index < bytes.count
        else {
            throw ExternalCommand.Failure(description: "import did not write an 8-bit PPM (it began with “\(magic)”)")
        }
        index += 1
        guard bytes.count - index >= width * height * 3 else {
            throw ExternalCommand.Failure(description: "the screenshot is cut short")
        }
        self.width = width
        self.height = height
        samples = Array(bytes[index..<(index + width * height * 3)])
        self.ppm = ppm
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The colour at `point`; white outside the screen.
    subscript(point: ScreenPoint) -> RGB {
        self[point.x, point.y]
    }

    subscript(x: Int, y: Int) -> RGB {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return RGB(red: 255, green: 255, blue: 255) }
        let offset = (y * width + x) * 3
        return RGB(red: samples[offset], green: samples[offset + 1], blue: samples[offset + 2])
    }

    /// The folder named by EMOJIART_GUI_SCREENSHOTS, where `archive(as:)` keeps screenshots.
    static let archiveFolder: URL? = ProcessInfo.processInfo.environment["EMOJIART_GUI_SCREENSHOTS"]
        .map { URL(fileURLWithPath: $0, isDirectory: true) }

    /// Saves this screenshot as NAME.png in the folder named by EMOJIART_GUI_SCREENSHOTS, if set,
    /// so a person can see what a test saw; does nothing otherwise.
    func archive(as name: String) async throws {
        guard let folder = Self.archiveFolder else { return }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let ppmFile = folder.appendingPathComponent("\(name).ppm")
        try ppm.write(to: ppmFile)
        defer { try? FileManager.default.removeItem(at: ppmFile) }
        try await ExternalCommand.runChecked("convert", [ppmFile.path, folder.appendingPathComponent("\(name).png").path])
    }
}
