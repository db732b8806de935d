public import Identity

// The keys are plain values in `Identity`; building one from a name or a title is this module's work, since every
// key must fold text the same way.

extension ArtistKey {
  /// Normalizes a display name into its key.
  public init(_ name: String) {
    self.init(rawValue: TextFolding.key(for: name))
  }
}

extension AlbumKey {
  /// Normalizes an album title into its key.
  public init(_ title: String) {
    self = AlbumTitleRules.key(for: title)
  }
}

/// Text as the keys read it: lowercase words, diacritics and punctuation gone ("Live at Wembley (Remastered)" is
/// `["live", "at", "wembley", "remastered"]`), for rules about titles that must fold text as keys do.
public enum FoldedWords {
  public static func of(_ text: String) -> [String] { TextFolding.words(text) }
}
