export default function LoginPage() {
  return <div className="container">Login</div>;
}
