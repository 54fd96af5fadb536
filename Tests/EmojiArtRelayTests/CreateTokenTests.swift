import Testing

@testable import EmojiArtRelay

/// `--create-token` (SPEC C8): the comparison, without a relay.
@Suite struct CreateTokenTests {
    @Test("a token is checked whole: missing, wrong, a prefix or a longer one are refused")
    func token() {
        let token = CreateToken("correct horse")
        #expect(token.refusal(forAuthorization: "Bearer correct horse") == nil)
        #expect(token.refusal(forAuthorization: "bearer correct horse") == nil)
        #expect(token.refusal(forAuthorization: nil) == .tokenMissing)
        #expect(token.refusal(forAuthorization: "Basic abc") == .tokenMissing)
        #expect(token.refusal(forAuthorization: "Bearer correct") == .tokenWrong)
        #expect(token.refusal(forAuthorization: "Bearer correct horses") == .tokenWrong)
    }
}
