import Foundation
import Testing

@testable import LinkyCuration

/// Pictures are named after the SHA-256 of their bytes (libcrypto's, through CLinkyDigest; swift-crypto's
/// before): FIPS 180-4's examples, the lengths around a block's padding, and a real file whose digest
/// Python's hashlib gave, so a site's existing picture names stay what they were.
@Suite struct PictureDigestTests {
    static func bytes(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(($0 * 7 + 3) % 256) } }

    @Test func theStandardsExamples() {
        #expect(PictureStore.sha256([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            PictureStore.sha256(Array("abc".utf8))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            PictureStore.sha256(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            PictureStore.sha256([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(arguments: [
        (55, "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b"),
        (56, "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27"),
        (63, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055"),
        (64, "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241"),
        (65, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e"),
        (1000, "1e9bc38cbf860b9ec31918b065f9b52476c549a782e0e7990bed8ce3868d2371"),
    ])
    func lengthsAroundABlock(_ count: Int, _ digest: String) {
        #expect(PictureStore.sha256(Self.bytes(count)) == digest)
    }

    @Test func aRealPicture() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let file = root.appending(path: "Tests/LinkyImagesTests/Fixtures/cmyk.jpg")
        #expect(
            PictureStore.sha256([UInt8](try Data(contentsOf: file)))
                == "24697588545c65789f6aafe94d86db3400bf20059ab2cdbe77c8b4bf69d4e594")
    }
}
