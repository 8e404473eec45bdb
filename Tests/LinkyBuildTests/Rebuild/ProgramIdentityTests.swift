import Foundation
import Testing

@testable import LinkyBuild

/// A build's state is kept for the same program only, known by the build ID its linker wrote.
@Suite struct ProgramIdentityTests {
    @Test func thisProgramHasABuildID() throws {
        let id = try #require(ELFBuildID.read("/proc/self/exe"))
        #expect(id.count >= 8)
        #expect(ELFBuildID.read("/proc/self/exe") == id)
    }

    @Test func theBuildIDAloneNamesTheProgram() {
        let one = FileStamp(inode: 1, size: 100, modified: 5, changed: 6)
        let relinked = FileStamp(inode: 1, size: 100, modified: 5, changed: 9)
        let id: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
        #expect(
            ProgramIdentity.identity(buildID: id, stamp: one) == ProgramIdentity.identity(buildID: id, stamp: relinked))
        #expect(
            ProgramIdentity.identity(buildID: id, stamp: one)
                != ProgramIdentity.identity(buildID: [1, 2, 3, 4, 5, 6, 7, 9], stamp: one))
        // Without one, the file's stamp, all of it.
        #expect(
            ProgramIdentity.identity(buildID: nil, stamp: one)
                != ProgramIdentity.identity(buildID: nil, stamp: relinked))
        #expect(ProgramIdentity.identity(buildID: [], stamp: one) == ProgramIdentity.identity(buildID: nil, stamp: one))
        #expect(
            ProgramIdentity.identity(buildID: nil, stamp: nil) != ProgramIdentity.identity(buildID: nil, stamp: nil))
    }

    /// Notes as a linker writes them: name and description each padded to four bytes.
    static func note(name: String, type: UInt32, description: [UInt8]) -> [UInt8] {
        func word(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(value).littleEndian, Array.init) }
        let nameBytes = Array(name.utf8) + [0]
        var bytes = word(nameBytes.count) + word(description.count) + word(Int(type)) + nameBytes
        bytes += [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4) + description
        return bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
    }

    @Test func theBuildIDIsTheGNUNoteOfTypeThree() {
        let id: [UInt8] = Array(0..<20)
        let notes =
            Self.note(name: "GNU", type: 1, description: [3, 2, 0, 0])
            + Self.note(name: "Go", type: 3, description: [9, 9, 9])
            + Self.note(name: "GNU", type: 3, description: id)
        #expect(ELFBuildID.buildID(inNotes: notes) == id)
        #expect(ELFBuildID.buildID(inNotes: Array(notes.dropLast(4))) == nil)
        #expect(ELFBuildID.buildID(inNotes: Self.note(name: "GNU", type: 1, description: id)) == nil)
        #expect(ELFBuildID.buildID(inNotes: []) == nil)
    }

    @Test func aFileThatIsNotAnELFProgramHasNone() throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "linky-identity-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(repeating: 0x41, count: 200).write(to: file)
        #expect(ELFBuildID.read(file.path) == nil)
        try Data([0x7F, 0x45, 0x4C, 0x46, 2, 1] + [UInt8](repeating: 0xFF, count: 100)).write(to: file)
        #expect(ELFBuildID.read(file.path) == nil)
        #expect(ELFBuildID.read(file.appending(path: "missing").path) == nil)
    }
}
