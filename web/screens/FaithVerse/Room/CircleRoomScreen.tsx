export default function CircleRoomScreen() {
  return <main>TODO</main>;
}
