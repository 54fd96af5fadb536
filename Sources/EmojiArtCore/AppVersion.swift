/// The version of EmojiArt that `--version`, the About window and the relay report. `VERSION` at
/// the top of the repository is what the packaging scripts read; `VersionTests` keeps the two, the
/// metainfo's newest release and NEWS.md equal, so a release changes them together.
public enum AppVersion {
    public static let current = "0.2.0"
}
