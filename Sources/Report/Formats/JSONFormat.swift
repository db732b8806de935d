internal import Foundation

/// The report model itself, encoded: what templates read is what JSON holds.
public struct JSONFormat: ReportFormat {
  public static let name = "json"
  public static let fileExtension = "json"

  public init() {}
  public init?(_ inputs: FormatInputs) {}

  public func render(_ listing: ReportListing, templates: TemplateLocator) throws(ReportError) -> RenderedReport {
    RenderedReport(text: try Self.encode(listing.model), shown: listing)
  }

  static func encode(_ model: ReportModel) throws(ReportError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(model), as: UTF8.self) + "\n"
    } catch {
      throw .encoding("cannot encode the report as JSON: \(error)")
    }
  }
}
