/// The catalogs deepcut can ask, the first the default.
public struct ProviderRegistry: Sendable {
  public var providers: [any ProviderDefinition]

  public init(_ providers: [any ProviderDefinition]) {
    self.providers = providers
  }

  /// The catalogs deepcut ships with.
  public static let standard = ProviderRegistry([ITunesCatalog(), MusicBrainzCatalog(), DeezerCatalog()])

  public var names: [String] { providers.map(\.name) }
  public var defaultProvider: (any ProviderDefinition)? { providers.first }

  public func named(_ name: String) -> (any ProviderDefinition)? {
    providers.first { $0.name == name.lowercased() }
  }

  /// "itunes or musicbrainz", "a, b or c".
  public var alternatives: String { alternatives(\.name) }

  /// The catalogs as `word` names each, in a list: "a, b or c".
  public func alternatives(_ word: (any ProviderDefinition) -> String) -> String {
    let words = providers.map(word)
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
  }
}
