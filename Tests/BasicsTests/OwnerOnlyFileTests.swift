import Basics
import Foundation
import Testing

struct OwnerOnlyFileTests {
  @Test func aFileIsOwnersAloneWhenNoOneElseHasAnyPermission() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/secret"
    try AtomicFile.write(Data("token\n".utf8), to: path, mode: OwnerOnlyFile.mode, what: "a secret")
    #expect(try Platform.permissions(ofFile: path) == 0o600)
    #expect(try OwnerOnlyFile.problem(ofFile: path) == nil)
    for (mode, shown) in [(0o644, "644"), (0o640, "640"), (0o604, "604"), (0o700, nil), (0o400, nil)] {
      try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
      let expected = shown.map { "\(path) can be read by others (mode \($0)): chmod 600 \(path)" }
      #expect(try OwnerOnlyFile.problem(ofFile: path) == expected)
    }
    #expect(throws: SystemError.noSuchFile) { try OwnerOnlyFile.problem(ofFile: folder + "/missing") }
  }
}
