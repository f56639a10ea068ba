import { describe, expect, it } from 'vitest';
import { validateAddress } from './address.ts';
import { base58CheckDecode, segwitDecode, toChecksumAddress } from './encodings.ts';

/** Flips one character to another of the same alphabet, keeping the shape. */
const corrupt = (s: string, at: number, to: string) => s.slice(0, at) + to + s.slice(at + 1);

describe('receiver address validation with real mainnet vectors', () => {
  it.each([
    // Bitcoin: genesis coinbase (P2PKH), P2SH, BIP-173 P2WPKH, P2WSH, BIP-350/86 P2TR
    ['bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'P2PKH'],
    ['bitcoin', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'P2SH'],
    ['bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'P2WPKH'],
    ['bitcoin', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'P2WPKH'],
    ['bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'P2WPKH'],
    ['bitcoin', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', 'P2WSH'],
    ['bitcoin', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'P2TR'],
    ['bitcoin', 'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', 'witness v1'],
    // Ethereum: EIP-55 test vectors, the USDT and USDC contracts
    ['ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'EIP-55'],
    ['ethereum', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', 'EIP-55'],
    ['ethereum', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', 'EIP-55'],
    ['ethereum', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb', 'EIP-55'],
    ['ethereum', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 'EIP-55'],
    ['ethereum', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'EIP-55'],
    // Tron: the USDT TRC-20 contract, the zero-like black hole address
    ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'base58check'],
    ['tron', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', 'base58check'],
  ] as const)('%s %s is valid (%s)', (network, address, kind) => {
    const r = validateAddress(network, address);
    expect(r).toEqual({ ok: true, address, warning: null, kind });
  });

  it.each([
    // one character changed inside the alphabet: the checksum catches it
    ['bitcoin', corrupt('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 5, '2')],
    ['bitcoin', corrupt('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 10, 'a')],
    ['bitcoin', corrupt('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 20, 'q')],
    ['bitcoin', corrupt('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 30, 'x')],
    // a witness v1 program with a bech32 (BIP-173) checksum is invalid since BIP-350
    ['bitcoin', 'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx'],
    ['ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
    ['ethereum', '0xdac17F958D2ee523a2206206994597C13D831ec7'],
    ['tron', corrupt('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 12, 'z')],
  ] as const)('%s %s has a broken checksum: error', (network, address) => {
    expect(validateAddress(network, address)).toMatchObject({ ok: false, error: 'ADDRESS_CHECKSUM' });
  });

  it.each([
    ['ethereum', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'tron'],
    ['tron', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 'ethereum'],
    ['ethereum', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'bitcoin'],
    ['bitcoin', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'ethereum'],
    ['bitcoin', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'tron'],
  ] as const)('%s refuses %s, a valid %s address (wrong network)', (network, address, other) => {
    expect(validateAddress(network, address)).toEqual({
      ok: false,
      error: 'ADDRESS_WRONG_NETWORK',
      network: other,
    });
  });

  it.each([
    ['bitcoin', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'], // testnet
    ['bitcoin', 'my-friend-wallet'],
    ['ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA'], // 38 hex digits
    ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8ot'],
  ] as const)('%s %s does not match the pattern: a warning', (network, address) => {
    expect(validateAddress(network, address)).toMatchObject({
      ok: true,
      warning: 'ADDRESS_PATTERN_MISMATCH',
    });
  });

  it('an all-lowercase Ethereum address has no checksum: valid with a warning', () => {
    const r = validateAddress('ethereum', '0xdac17f958d2ee523a2206206994597c13d831ec7');
    expect(r).toMatchObject({ ok: true, warning: 'ADDRESS_NO_CHECKSUM' });
  });

  it('an empty address is required', () => {
    expect(validateAddress('tron', '  ')).toEqual({ ok: false, error: 'ADDRESS_REQUIRED' });
  });
});

describe('the encodings', () => {
  it('EIP-55 spells the vectors exactly', () => {
    expect(toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
  });
  it('base58check gives version and payload', () => {
    const r = base58CheckDecode('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    expect(r.ok && r.version).toBe(0);
    expect(r.ok && Buffer.from(r.payload).toString('hex')).toBe('62e907b15cbf27d5425399ebf6f0fb50ebb88f18');
  });
  it('segwit decodes the BIP-173 program', () => {
    const r = segwitDecode('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(r.ok && Buffer.from(r.program).toString('hex')).toBe('751e76e8199196d454941c45d1b3a323f1433bd6');
    expect(segwitDecode('bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toEqual({
      ok: false,
      error: 'format',
    });
  });
});

describe('encoders round-trip through the validators', () => {
  it('makes valid addresses of every network', async () => {
    const { base58CheckEncode, segwitEncode } = await import('./encodings.ts');
    const payload = Uint8Array.from({ length: 20 }, (_, i) => i * 7);
    expect(validateAddress('tron', base58CheckEncode(0x41, payload))).toMatchObject({
      ok: true,
      warning: null,
    });
    expect(validateAddress('bitcoin', base58CheckEncode(0x00, payload))).toMatchObject({
      ok: true,
      kind: 'P2PKH',
    });
    expect(segwitEncode('bc', 0, Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex'))).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
    expect(
      validateAddress(
        'bitcoin',
        segwitEncode(
          'bc',
          1,
          Uint8Array.from({ length: 32 }, (_, i) => i),
        ),
      ),
    ).toMatchObject({ ok: true, kind: 'P2TR' });
  });
});
