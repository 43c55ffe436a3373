import { useEffect, useState } from "react";
import { apiGet } from "../api/client";

export interface User {
  id: string;
  name: string;
}

/** Loads a user through the API client; components take the result as props. */
export function useUser(id: string, token: string): User | null {
  const [user, setUser] = useState<User | null>(null);
  useEffect(() => {
    apiGet<User>(`/users/${id}`, token).then(setUser);
  }, [id, token]);
  return user;
}
