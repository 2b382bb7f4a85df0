export default function SignupPage() {
  return <div className="container">Sign up</div>;
}
