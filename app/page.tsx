export default function Home() {
  return <p>Foyer</p>;
}
