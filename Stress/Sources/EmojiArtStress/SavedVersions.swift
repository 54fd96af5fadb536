import EmojiArtCore
import Foundation

/// The version store under kills (SPEC H1): the save loop takes a version of a document of each
/// generation, every other one with an embedded image (one of three, so images are shared,
/// added and dropped by thinning), and after each kill the history must list, every version it
/// lists must open as one whole generation, and the next writer's cleanup must leave nothing the
/// index does not name.
extension SavedFiles {
    static let versionDocumentID = UUID(uuidString: "0f0e0d0c-0b0a-4908-8706-050403020100")!

    /// Thinned to one version a second within 512 KB, so a run keeps a few dozen versions and both
    /// thinning and the budget remove files while kills land.
    var versionHistory: DocumentHistory {
        let thinning = VersionThinning(tiers: [], beyondSpacing: 1, budgetBytes: 512 * 1024)
        return VersionStore(stateDirectory: stateDirectory, thinning: thinning).history(of: Self.versionDocumentID)
    }

    /// The small document of `generation` (its emojis' y is the generation), with an image on
    /// even generations: 200 KB, so kills land inside its write too.
    static func versionDocument(generation: Int) -> EmojiArtModel {
        var model = document(generation: generation, isLarge: false)
        if generation % 2 == 0 {
            let seed = UInt8(3 + generation % 3)
            model.background = .imageData(Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0) &* seed }))
        }
        model.documentID = versionDocumentID
        return model
    }

    /// The newest version's generation (nil: none yet), after checking every listed version.
    func versionGeneration() throws -> Int? {
        let history = versionHistory
        let versions: [VersionSummary]
        do {
            versions = try history.versions()
        } catch {
            throw Damage("versions: \(error)")
        }
        for version in versions {
            let model: EmojiArtModel
            do {
                model = try history.model(ofVersion: version.number)
            } catch {
                throw Damage("version \(version.number): \(error)")
            }
            let generation = Int(model.emojis.first?.position.y ?? -1)
            guard model == Self.versionDocument(generation: generation) else {
                throw Damage("version \(version.number) is not one whole generation")
            }
        }
        guard let newest = versions.first else { return nil }
        return Int(try history.model(ofVersion: newest.number).emojis.first?.position.y ?? -1)
    }

    /// Files in the history that its index does not name (run after a writer's cleanup).
    func strayVersionFiles() throws -> [String] {
        let history = versionHistory
        let versions = (try? history.versions()) ?? []
        var named: Set<String> = ["index.json", ".lock", "blobs"]
        var images = Set<String>()
        for version in versions {
            named.insert("\(version.number).\(EmojiArtFormat.fileExtension)")
            if let image = try history.model(ofVersion: version.number).background.imageData { images.insert(DocumentHistory.blobName(of: image)) }
        }
        let manager = FileManager.default
        let files = (try? manager.contentsOfDirectory(atPath: history.folder.path)) ?? []
        let blobs = (try? manager.contentsOfDirectory(atPath: history.folder.appendingPathComponent("blobs").path)) ?? []
        return files.filter { !named.contains($0) } + blobs.filter { !images.contains($0) }.map { "blobs/\($0)" }
    }
}
