public import Identity

/// The catalogs deepcut can ask, and the ones a night asks when none is chosen.
public struct ProviderRegistry: Sendable {
  public var providers: [any ProviderDefinition]
  /// The names of the catalogs a night asks when none is chosen, in the order of their links; none means the first.
  public var recommended: [CatalogName]

  public init(_ providers: [any ProviderDefinition], recommended: [CatalogName] = []) {
    self.providers = providers
    self.recommended = recommended
  }

  /// The catalogs deepcut ships with. Deezer and MusicBrainz together find more than any one catalog alone, and the
  /// first night of a 1,610-artist library takes about 6 minutes at their limits, where iTunes' 20 requests a minute
  /// take 81 (README, "Choosing catalogs").
  public static let standard = ProviderRegistry(
    [ITunesCatalog(), MusicBrainzCatalog(), DeezerCatalog(), SpotifyCatalog(), TIDALCatalog()],
    recommended: ["deezer", "musicbrainz"])

  public var names: [CatalogName] { providers.map(\.name) }
  /// The catalogs a night can search (`--provider`): all but those asked only for links.
  public var searchable: [any ProviderDefinition] { providers.filter(\.canBeSearched) }
  public var defaultProvider: (any ProviderDefinition)? { providers.first }

  /// The catalogs a night asks when none is named, and no earlier night asked others: the recommended ones, else the
  /// registry's first.
  public var defaultNight: [any ProviderDefinition] {
    let recommended = recommended.compactMap(named)
    return recommended.isEmpty ? defaultProvider.map { [$0] } ?? [] : recommended
  }

  /// The catalog a person named, in any case.
  public func named(_ name: String) -> (any ProviderDefinition)? {
    providers.first { $0.name.rawValue == name.lowercased() }
  }

  public func named(_ name: CatalogName) -> (any ProviderDefinition)? {
    providers.first { $0.name == name }
  }

  /// "itunes or musicbrainz", "a, b or c".
  public var alternatives: String { alternatives(\.name.rawValue) }

  /// The catalogs as `word` names each, in a list: "a, b or c".
  public func alternatives(_ word: (any ProviderDefinition) -> String) -> String {
    let words = searchable.map(word)
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
  }
}
