/// The catalogs deepcut can ask, the first the default.
public struct ProviderRegistry: Sendable {
  public var providers: [any ProviderDefinition]

  public init(_ providers: [any ProviderDefinition]) {
    self.providers = providers
  }

  /// The catalogs deepcut ships with.
  public static let standard = ProviderRegistry([ITunesCatalog(), MusicBrainzCatalog()])

  public var names: [String] { providers.map(\.name) }
  public var defaultProvider: (any ProviderDefinition)? { providers.first }

  public func named(_ name: String) -> (any ProviderDefinition)? {
    providers.first { $0.name == name.lowercased() }
  }

  /// "itunes or musicbrainz", "a, b or c".
  public var alternatives: String {
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
  }
}
