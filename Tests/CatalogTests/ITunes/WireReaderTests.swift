import Foundation
import TestSupport
import Testing

@testable import Catalog

/// The one-pass reader of the API's bodies: what it reads, what it skips, what it refuses, and that it agrees with
/// Foundation's JSON parser on real and random bodies.
@Suite struct WireReaderTests {
  static let artist = #"""
    {"wrapperType":"artist", "artistType":"Artist", "artistName":"Jack Johnson",
     "artistLinkUrl":"https://music.apple.com/us/artist/jack-johnson/909253?uo=4", "artistId":909253,
     "amgArtistId":468749, "primaryGenreName":"Rock", "primaryGenreId":21}
    """#
  static let album = #"""
    {"wrapperType":"collection", "collectionType":"Album", "artistId":909253, "collectionId":1469577723,
     "amgArtistId":468749, "artistName":"Jack Johnson", "collectionName":"Brushfire Fairytales",
     "collectionCensoredName":"Brushfire Fairytales", "artistViewUrl":"https://music.apple.com/us/artist/909253",
     "collectionViewUrl":"https://music.apple.com/us/album/1469577723?uo=4",
     "artworkUrl60":"https://is1-ssl.mzstatic.com/image/60x60bb.jpg",
     "artworkUrl100":"https://is1-ssl.mzstatic.com/image/100x100bb.jpg", "collectionPrice":9.99,
     "collectionExplicitness":"notExplicit", "trackCount":13, "copyright":"℗ 2001 Jack Johnson",
     "country":"USA", "currency":"USD", "releaseDate":"2001-02-01T08:00:00Z", "primaryGenreName":"Rock"}
    """#

  static func body(_ records: [String]) -> Data {
    Data(
      "\n\n\n{\n \"resultCount\":\(records.count),\n \"results\": [\n\(records.joined(separator: ",\n"))]\n}\n\n\n".utf8
    )
  }

  @Test func readsTheFieldsOfArtistsAndAlbums() throws {
    let records = try WireReader.envelope(Self.body([Self.artist, Self.album]))
    #expect(records.count == 2)
    #expect(
      records[0].record
        == ITunesRecord(
          wrapperType: "artist", artistType: "Artist", artistId: 909_253,
          artistName: "Jack Johnson", artistLinkUrl: "https://music.apple.com/us/artist/jack-johnson/909253?uo=4",
          primaryGenreName: "Rock"))
    #expect(
      records[1].record
        == ITunesRecord(
          wrapperType: "collection", collectionType: "Album", artistId: 909_253, collectionId: 1_469_577_723,
          artistName: "Jack Johnson", collectionName: "Brushfire Fairytales",
          artistViewUrl: "https://music.apple.com/us/artist/909253",
          collectionViewUrl: "https://music.apple.com/us/album/1469577723?uo=4",
          artworkUrl100: "https://is1-ssl.mzstatic.com/image/100x100bb.jpg", collectionExplicitness: "notExplicit",
          trackCount: 13, releaseDate: "2001-02-01T08:00:00Z", primaryGenreName: "Rock"))
  }

  @Test func keepsEachRecordsBytesAsSent() throws {
    let records = try WireReader.envelope(Self.body([Self.artist, Self.album]))
    #expect(records.map { String(decoding: $0.raw, as: UTF8.self) } == [Self.artist, Self.album])
    // Joined for the cache, they read back the same, and stay valid JSON for any other reader.
    let joined = WireReader.joined(records)
    #expect(try WireReader.recordArray(joined) == records.map { WireRecord(record: $0.record, raw: $0.raw) })
    let foundation = try #require(try JSONSerialization.jsonObject(with: joined) as? [[String: Any]])
    #expect(foundation.count == 2 && foundation[1]["collectionPrice"] as? Double == 9.99)
    #expect(try WireReader.recordArray(Data("[]".utf8)).isEmpty)
    #expect(try WireReader.envelope(Data(#"{"resultCount":0,"results":[]}"#.utf8)).isEmpty)
  }

  @Test func skipsUnknownValuesOfEveryKind() throws {
    let record = #"""
      {"nested":{"a":[1,2,{"b":null}],"c":{}},"list":[],"flag":true,"off":false,"none":null,"big":-12.5e+3,
       "text":"quote \" and \\ and \u00e9","artistId":7,"wrapperType":"artist","artistName":"X"}
      """#
    let records = try WireReader.envelope(Self.body([record]))
    #expect(records.map(\.record) == [ITunesRecord(wrapperType: "artist", artistId: 7, artistName: "X")])
  }

  @Test func decodesEscapes() throws {
    let record = #"""
      {"artistName":"AC\/DC \"live\"\t\u00e9\u00C9 \ud83c\udfb8 lone \ud800 end","arti\u0073tId":5,
       "collectionName":"line\nbreak\\"}
      """#
    let read = try #require(try WireReader.envelope(Self.body([record])).first?.record)
    #expect(read.artistName == "AC/DC \"live\"\téÉ 🎸 lone \u{FFFD} end")
    #expect(read.artistId == 5)  // an escaped member name is still the member it spells
    #expect(read.collectionName == "line\nbreak\\")
  }

  @Test func nonLatinTextPassesThrough() throws {
    let record = #"{"artistName":"宇多田ヒカル","collectionName":"Кино — Группа крови","artistId":1}"#
    let read = try #require(try WireReader.envelope(Self.body([record])).first?.record)
    #expect(read.artistName == "宇多田ヒカル" && read.collectionName == "Кино — Группа крови")
  }

  /// A field of an unexpected type reads as absent; the rest of the record (and the batch) still counts.
  @Test func knownFieldsOfAnotherTypeReadAsAbsent() throws {
    let record = #"""
      {"artistId":"909253","collectionId":12.0,"trackCount":99999999999999999999,"amgArtistId":null,
       "artistName":42,"collectionName":["a"],"releaseDate":{"y":2001},"wrapperType":"collection"}
      """#
    let read = try #require(try WireReader.envelope(Self.body([record])).first?.record)
    #expect(read == ITunesRecord(wrapperType: "collection"))
    #expect(try WireReader.envelope(Self.body([#"{"artistId":-3}"#])).first?.record.artistId == -3)
  }

  @Test(arguments: [
    ("", "the body is not a JSON object", 0),
    ("\n\n\n", "the body is not a JSON object", 3),
    ("[]", "the body is not a JSON object", 0),
    (#"{"resultCount":0}"#, "the body has no results", 17),
    (#"{"results":{}}"#, "the results are not a JSON array", 11),
    (#"{"results":[1]}"#, "a result is not a JSON object", 12),
    (#"{"results":[{"a":1}]} x"#, "unexpected bytes after the JSON value", 22),
    (#"{"results":[{"a":1}"#, "an array ends early", 19),
    (#"{"results":[{"a":1} {"b":2}]}"#, "expected ',' or ']' in an array", 20),
    (#"{"results":[{"a":[1 2]}]}"#, "expected ',' or ']' in an array", 20),
    (#"{"results":[{"a":1},]}"#, "a result is not a JSON object", 20),
    (#"{"results":[{"a":1 "b":2}]}"#, "expected ',' or '}' in an object", 19),
    (#"{"results":[{"a" 1}]}"#, "expected ':' after a member name", 17),
    (#"{"results":[{a:1}]}"#, "expected a member name", 13),
    (#"{"results":[{"artistName":"abc"#, "a string is not closed", 30),
    ("{\"results\":[{\"artistName\":\"a\u{01}b\"}]}", "a control character in a string", 28),
    (#"{"results":[{"artistName":"a\qb"}]}"#, "an unknown escape in a string", 29),
    (#"{"results":[{"artistName":"\u12G4"}]}"#, "a bad \\u escape in a string", 31),
    (#"{"results":[{"n":01}]}"#, "expected ',' or '}' in an object", 18),
    (#"{"results":[{"n":-}]}"#, "a bad number", 18),
    (#"{"results":[{"n":1.}]}"#, "a bad number", 19),
    (#"{"results":[{"n":1e}]}"#, "a bad number", 19),
    (#"{"results":[{"n":tru}]}"#, "not a JSON value", 17),
    (#"{"results":[{"n":nul"#, "not a JSON value", 17),
    (#"{"results":[{"n":}]}"#, "not a JSON value", 17),
  ])
  func refusesMalformedBodies(body: String, reason: String, offset: Int) {
    #expect(throws: WireError(reason: reason, offset: offset)) { try WireReader.envelope(Data(body.utf8)) }
  }

  @Test func refusesBodiesCutShortAnywhere() throws {
    let whole = Self.body([Self.artist, Self.album])
    // Every prefix that ends before the closing brace is refused; none crashes or reads past its end.
    let end = try #require(whole.lastIndex(of: UInt8(ascii: "}")))
    for length in 0..<end {
      #expect(throws: WireError.self) { try WireReader.envelope(whole.prefix(length)) }
    }
  }

  @Test func refusesNestingBeyondTheLimit() {
    let deep = String(repeating: "[", count: WireReader.maxDepth) + String(repeating: "]", count: WireReader.maxDepth)
    let tooDeep = "[" + deep + "]"
    #expect(throws: Never.self) { try WireReader.envelope(Data(#"{"results":[{"n":\#(deep)}]}"#.utf8)) }
    #expect(throws: WireError(reason: "values nested too deeply", offset: 17 + WireReader.maxDepth)) {
      try WireReader.envelope(Data(#"{"results":[{"n":\#(tooDeep)}]}"#.utf8))
    }
  }

  @Test func readsASliceOfALargerBuffer() throws {
    let body = Self.body([Self.album])
    let padded = Data("garbage".utf8) + body + Data("garbage".utf8)
    let slice = padded[7..<(7 + body.count)]
    let records = try WireReader.envelope(slice)
    #expect(records.map(\.record) == (try WireReader.envelope(body)).map(\.record))
    #expect(records.first.map { String(decoding: $0.raw, as: UTF8.self) } == Self.album)
  }

  // MARK: - Agreement with Foundation

  /// Random records, written by Foundation's JSON writer (which escapes what it must), read back by both parsers.
  @Test func agreesWithFoundationOnRandomRecords() throws {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [Character] = Array("aZ09 ,.-_&+/\\\"'\n\t\u{01}\u{1F}éÅßøñ—…宇多田ヒカルКиноΩ🎸👍🏽\u{FEFF}\u{10FFFF}")
    for _ in 0..<200 {
      var results: [[String: Any]] = []
      for _ in 0..<Int.random(in: 0...6, using: &generator) {
        var record: [String: Any] = [:]
        for key in ["artistName", "collectionName", "wrapperType", "releaseDate", "unknownText"]
        where Bool.random(using: &generator) {
          record[key] = String(
            (0..<Int.random(in: 0...12, using: &generator)).map { _ in
              alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
            })
        }
        for key in ["artistId", "collectionId", "trackCount", "unknownNumber"] where Bool.random(using: &generator) {
          record[key] = Int.random(in: -1_000_000_000_000...1_000_000_000_000, using: &generator)
        }
        if Bool.random(using: &generator) { record["collectionPrice"] = Double.random(in: 0...100) }
        if Bool.random(using: &generator) { record["nested"] = ["a": [1, 2], "b": NSNull(), "c": true] }
        results.append(record)
      }
      let body = try JSONSerialization.data(withJSONObject: ["resultCount": results.count, "results": results])
      let read = try WireReader.envelope(body)
      #expect(read.count == results.count)
      for (wire, expected) in zip(read, results) {
        #expect(wire.record.artistName == expected["artistName"] as? String)
        #expect(wire.record.collectionName == expected["collectionName"] as? String)
        #expect(wire.record.wrapperType == expected["wrapperType"] as? String)
        #expect(wire.record.releaseDate == expected["releaseDate"] as? String)
        #expect(wire.record.artistId == expected["artistId"] as? Int)
        #expect(wire.record.collectionId == expected["collectionId"] as? Int)
        #expect(wire.record.trackCount == expected["trackCount"] as? Int)
        let reparsed = try JSONSerialization.jsonObject(with: wire.raw) as? [String: Any]
        #expect(reparsed?.keys.sorted() == expected.keys.sorted())
      }
    }
  }

  /// Every body in `samples/catalogs/itunes` and every recording in ../shared/fixtures/itunes reads the same through
  /// both parsers.
  @Test func agreesWithFoundationOnRecordedBodies() throws {
    let files = Self.recordedBodies()
    #expect(files.count >= 49)  // the sample catalog's 24 searches and 25 lookups, and any recordings
    var records = 0
    for file in files {
      let body = try Data(contentsOf: file)
      let read = try WireReader.envelope(body)
      let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
      let expected = try #require(object["results"] as? [[String: Any]])
      #expect(read.count == expected.count, "\(file.lastPathComponent)")
      for (wire, fields) in zip(read, expected) {
        for (key, value) in fields {
          switch key {
          case "artistName": #expect(wire.record.artistName == value as? String)
          case "collectionName": #expect(wire.record.collectionName == value as? String)
          case "collectionType": #expect(wire.record.collectionType == value as? String)
          case "wrapperType": #expect(wire.record.wrapperType == value as? String)
          case "releaseDate": #expect(wire.record.releaseDate == value as? String)
          case "artworkUrl100": #expect(wire.record.artworkUrl100 == value as? String)
          case "collectionViewUrl": #expect(wire.record.collectionViewUrl == value as? String)
          case "artistId": #expect(wire.record.artistId == value as? Int)
          case "collectionId": #expect(wire.record.collectionId == value as? Int)
          case "trackCount": #expect(wire.record.trackCount == value as? Int)
          default: break
          }
        }
        let reparsed = try JSONSerialization.jsonObject(with: wire.raw) as? [String: Any]
        #expect(reparsed?.count == fields.count)
      }
      records += read.count
    }
    #expect(records >= 89)
  }

  static func recordedBodies() -> [URL] {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { break }
    }
    let folders = [
      url.appendingPathComponent("samples/catalogs/itunes/search"),
      url.appendingPathComponent("samples/catalogs/itunes/lookup"),
      url.deletingLastPathComponent().appendingPathComponent("shared/fixtures/itunes"),
    ]
    return folders.flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        .filter { $0.hasSuffix(".json") }.map { folder.appendingPathComponent($0) }
    }
  }
}
