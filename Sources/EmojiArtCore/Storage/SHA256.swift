import Foundation

/// SHA-256 (FIPS 180-4) for the version store (SPEC H1): a version's digest and its image's
/// file name. Foundation on Linux has none and Core takes no package, so Core keeps this one;
/// every layer that may import swift-crypto uses its SHA-256 instead (docs/architecture.md,
/// "One crypto", has the measurements).
enum SHA256 {
    /// The lowercase hex digest of `data`.
    static func hex(_ data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8](repeating: 0, count: 64)
        for (index, byte) in digest(data).enumerated() {
            text[index &* 2] = digits[Int(byte >> 4)]
            text[index &* 2 &+ 1] = digits[Int(byte & 0x0f)]
        }
        return String(decoding: text, as: UTF8.self)
    }

    // Raw pointers throughout: checked array access and copies made a debug build's hashing
    // several times slower.
    static func digest(_ data: Data) -> [UInt8] {
        let state = UnsafeMutablePointer<UInt32>.allocate(capacity: 8)
        let words = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
        let tail = UnsafeMutablePointer<UInt8>.allocate(capacity: 128)
        defer {
            state.deallocate()
            words.deallocate()
            tail.deallocate()
        }
        for (index, value) in initialState.enumerated() { state[index] = value }
        let count = data.count
        let fullBlocks = count / 64
        let tailCount = count % 64
        roundConstants.withUnsafeBufferPointer { constants in
            data.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                for block in 0..<fullBlocks {
                    compress(bytes.baseAddress! + block &* 64, into: state, words: words, constants: constants.baseAddress!)
                }
                tail.initialize(repeating: 0, count: 128)
                if tailCount > 0 { tail.update(from: bytes.baseAddress! + fullBlocks &* 64, count: tailCount) }
            }
            tail[tailCount] = 0x80
            let tailLength = tailCount < 56 ? 64 : 128
            let bitLength = UInt64(count) &* 8
            for index in 0..<8 { tail[tailLength &- 1 &- index] = UInt8(truncatingIfNeeded: bitLength >> UInt64(index &* 8)) }
            for block in stride(from: 0, to: tailLength, by: 64) {
                compress(tail + block, into: state, words: words, constants: constants.baseAddress!)
            }
        }
        var output = [UInt8](repeating: 0, count: 32)
        for index in 0..<8 {
            let word = state[index]
            output[index &* 4] = UInt8(truncatingIfNeeded: word >> 24)
            output[index &* 4 &+ 1] = UInt8(truncatingIfNeeded: word >> 16)
            output[index &* 4 &+ 2] = UInt8(truncatingIfNeeded: word >> 8)
            output[index &* 4 &+ 3] = UInt8(truncatingIfNeeded: word)
        }
        return output
    }

    private static let initialState: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    private static func compress(
        _ block: UnsafePointer<UInt8>, into hash: UnsafeMutablePointer<UInt32>, words: UnsafeMutablePointer<UInt32>,
        constants: UnsafePointer<UInt32>
    ) {
        for index in 0..<16 {
            let base = index &* 4
            words[index] =
                UInt32(block[base]) << 24 | UInt32(block[base &+ 1]) << 16 | UInt32(block[base &+ 2]) << 8 | UInt32(block[base &+ 3])
        }
        // Rotations written out: a debug build does not inline a function for them.
        for index in 16..<64 {
            let w15 = words[index &- 15]
            let w2 = words[index &- 2]
            let s0 = (w15 >> 7 | w15 << 25) ^ (w15 >> 18 | w15 << 14) ^ (w15 >> 3)
            let s1 = (w2 >> 17 | w2 << 15) ^ (w2 >> 19 | w2 << 13) ^ (w2 >> 10)
            words[index] = words[index &- 16] &+ s0 &+ words[index &- 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = (hash[0], hash[1], hash[2], hash[3], hash[4], hash[5], hash[6], hash[7])
        for index in 0..<64 {
            let s1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
            let choice = (e & f) ^ (~e & g)
            let temp1 = h &+ s1 &+ choice &+ constants[index] &+ words[index]
            let s0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let temp2 = s0 &+ majority
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ temp2)
        }
        hash[0] = hash[0] &+ a
        hash[1] = hash[1] &+ b
        hash[2] = hash[2] &+ c
        hash[3] = hash[3] &+ d
        hash[4] = hash[4] &+ e
        hash[5] = hash[5] &+ f
        hash[6] = hash[6] &+ g
        hash[7] = hash[7] &+ h
    }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}
