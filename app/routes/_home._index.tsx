// The home page itself lives in the _home layout; the index adds nothing over it.
export default function HomeIndex() {
  return null;
}
