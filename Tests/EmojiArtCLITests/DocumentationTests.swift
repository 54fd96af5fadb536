import Foundation
import Testing

/// The repository stands alone and a newcomer finds their way: README stays a short front page
/// that links every document in docs/, every relative link in them leads to a file, and nothing
/// points outside the repository.
@Suite struct DocumentationTests {
    private static let root = CommandRunner.packageRoot

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    private static var documents: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }

    @Test("README is at most 200 lines and links every document in docs/")
    func readmeIsAFrontPage() throws {
        let readme = try Self.text("README.md")
        let lineCount = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lineCount <= 200, "README.md has \(lineCount) lines")
        #expect(Self.documents.count >= 6)
        for document in Self.documents {
            #expect(readme.contains("](\(document))"), "README does not link \(document)")
        }
    }

    @Test("every relative link in README and docs/ leads to a file of the repository, none outside it")
    func linksLeadToFiles() throws {
        for path in ["README.md"] + Self.documents {
            let text = try Self.text(path)
            #expect(!text.contains("../shared"), "\(path) points outside the repository")
            let folder = Self.root.appendingPathComponent(path).deletingLastPathComponent()
            for target in Self.relativeLinks(in: text) {
                let file = target.split(separator: "#").first.map(String.init) ?? target
                guard !file.isEmpty else { continue }
                let resolved = folder.appendingPathComponent(file).standardizedFileURL
                #expect(resolved.path.hasPrefix(Self.root.standardizedFileURL.path), "\(path): \(target) leaves the repository")
                #expect(FileManager.default.fileExists(atPath: resolved.path), "\(path): \(target) leads nowhere")
            }
        }
    }

    /// The targets of `[text](target)` links that are not web addresses.
    private static func relativeLinks(in text: String) -> [String] {
        var links: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "](") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: ")") else { break }
            let target = String(rest[..<end])
            if !target.contains("://"), !target.hasPrefix("mailto:"), !target.contains(" ") { links.append(target) }
            rest = rest[end...]
        }
        return links
    }
}
