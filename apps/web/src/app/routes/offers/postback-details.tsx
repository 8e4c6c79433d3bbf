import { useParams } from "react-router";
import { PostbackDetailsModal } from "../../../features/postbacks/components/postback-details-modal";

export function PostbackDetailsRoute() {
  const { id = "" } = useParams();
  return <PostbackDetailsModal key={id} id={id} />;
}
