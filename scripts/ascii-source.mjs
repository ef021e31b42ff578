// A bundle's source made ASCII, the same program: each non-ASCII UTF-16 code unit becomes a \uXXXX escape. A code unit
// written escaped (`\–`, as in wink-nlp's /[a-z\-\–\—\.]*/) loses that backslash: `\` before `\u2013` would be a
// literal backslash followed by "u2013", and the character class would then match `u`, `2`, `0`, `1`, `3` and `\`
// (the bundled tokenizer split `un-pythonic` into `u n - pythonic`). An escaped backslash before one (`\\–`) stays.
export function asciiSource(text) {
  return text.replace(/(\\*)([^\x00-\x7f])/g, (_, slashes, c) => {
    const escape = '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0');
    return (slashes.length % 2 === 1 ? slashes.slice(1) : slashes) + escape;
  });
}
