internal import Foundation
public import Report

extension ReportModel {
  /// The report `--format json` printed, decoded into the model it was encoded from: a test reads fields by name,
  /// so a renamed one fails to compile there, and one the JSON lacks fails to decode here.
  public init(json text: String) throws {
    self = try JSONDecoder().decode(ReportModel.self, from: Data(text.utf8))
  }

  /// The report a run wrote to `path` as JSON.
  public init(jsonFile path: String) throws {
    self = try JSONDecoder().decode(ReportModel.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
  }
}
